/**
 * Embedders behind deja-core's {@link dev.deja.core.embed.Embedder} SPI: the shipped in-process models, a remote
 * OpenAI-compatible endpoint, and a cache.
 *
 * <h2>In process</h2>
 *
 * <p>{@link dev.deja.embed.ModelCatalog} names the shipped models — {@code all-minilm-l6-v2} (the default, as in the
 * design documents), {@code all-minilm-l6-v2-q}, {@code bge-small-en-v1.5}, {@code bge-small-en-v1.5-q}, all 384-d.
 * {@link dev.deja.embed.OnnxEmbedder} runs one with ONNX Runtime and the Hugging Face tokenizer (DJL's binding), pools
 * and L2-normalises. {@link dev.deja.embed.InProcessEmbedderProvider} is registered as a service: a spec that says
 * {@code model: all-minilm-l6-v2} finds it without set-up, and the model loads on first use.
 *
 * <p>Why ONNX Runtime directly rather than langchain4j's embedding classes: the weights and tokenizers come from
 * langchain4j's model jars (plain resources), but their Java code is not used (its dependencies are excluded). Using
 * the runtime directly keeps the library an implementation detail, pins ONNX Runtime to 1.28 (1.29 sends telemetry
 * unless {@code ORT_DISABLE_TELEMETRY=1}), lets Deja choose pooling, truncation and threads, and lets it run the
 * quantized models one text at a time (their dynamic quantization makes a batched text's vector depend on its batch;
 * see {@link dev.deja.embed.OnnxEmbedder}).
 *
 * <p>No network: {@link dev.deja.embed.Offline#ensure()} sets DJL's opt-out properties before any DJL class loads
 * (DJL otherwise probes a cloud metadata address); the tokenizer's native library is unpacked to {@code DJL_CACHE_DIR}
 * or {@code ~/.djl.ai}. {@code NoNetworkIT} checks both with networking removed and with every connection recorded.
 *
 * <h2>Remote</h2>
 *
 * <p>{@link dev.deja.embed.RemoteEmbedder} calls any OpenAI-compatible {@code POST {base_url}/embeddings} endpoint
 * with the JDK HTTP client: timeouts, bounded retries with backoff on retriable failures only, an API key from a named
 * environment variable (never logged), batching and strict response checks. Endpoints are declared by name in a
 * {@code deja.yaml} ({@code embedders:}, read into {@link dev.deja.core.embed.RemoteEmbedderSpec} by deja-format);
 * {@link dev.deja.embed.Embedders#provider} serves them, then the in-process models. A failing embedder fails the
 * check or, with {@code on_embedder_failure: open}, skips the semantic stage with a warning.
 *
 * <h2>Cache</h2>
 *
 * <p>{@link dev.deja.embed.CachingEmbedder}: an LRU keyed by model and white-space-normalised text, in front of every
 * in-process model ({@code -Ddeja.embed.cache}, default 10,000) and every remote one ({@code cache_size}).
 */
package dev.deja.embed;
