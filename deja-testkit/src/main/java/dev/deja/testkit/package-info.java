/**
 * The test kit: contract test bases that every implementation extends
 * ({@link dev.deja.testkit.CollectionStoreContract}, {@link dev.deja.testkit.VectorIndexContract},
 * {@link dev.deja.testkit.DejaCollectionContract}, {@link dev.deja.testkit.EmbedderContract}), a reference
 * implementation of candidate lookup to compare against ({@link dev.deja.testkit.ReferenceCandidates}), a
 * deterministic fake embedder ({@link dev.deja.testkit.HashingEmbedder}), a local fake OpenAI-compatible upstream that
 * streams token fragments ({@link dev.deja.testkit.FakeUpstream}, for the chat completions proxy), seeded randomness
 * ({@link dev.deja.testkit.SeedExtension}) and helpers.
 */
package dev.deja.testkit;
