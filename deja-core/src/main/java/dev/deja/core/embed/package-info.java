/**
 * The embedder SPI: text to vectors whose cosine similarity measures meaning. deja-core defines it and stores vectors
 * with items; models and remote clients live in deja-embed.
 */
package dev.deja.core.embed;
