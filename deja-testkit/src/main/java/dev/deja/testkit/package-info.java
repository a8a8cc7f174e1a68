/**
 * The test kit: contract test bases that every store implementation extends
 * ({@link dev.deja.testkit.CollectionStoreContract}, {@link dev.deja.testkit.VectorIndexContract},
 * {@link dev.deja.testkit.DejaCollectionContract}), a reference implementation of candidate lookup to compare against
 * ({@link dev.deja.testkit.ReferenceCandidates}), seeded randomness ({@link dev.deja.testkit.SeedExtension}) and
 * helpers.
 */
package dev.deja.testkit;
