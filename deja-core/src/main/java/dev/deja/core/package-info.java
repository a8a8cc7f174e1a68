/**
 * Deja's core: everything needed to decide whether a new item duplicates one already stored, with no dependency
 * outside the JDK.
 *
 * <p>A check runs: normalise fields ({@link dev.deja.core.normalize}) → scope, as a hard filter inside the
 * candidate query ({@link dev.deja.core.index}) → candidates (union of exact keys, synonym keys, lexical terms,
 * time window, nearest neighbours; each capped) → stages ({@link dev.deja.core.cascade}) → guards
 * ({@link dev.deja.core.guard}) → policy ({@link dev.deja.core.policy}) → a {@link dev.deja.core.engine.Verdict}
 * whose every match explains itself ({@link dev.deja.core.explain.Explanation}).
 *
 * <p>Start with {@link dev.deja.core.engine.DejaCollection}: built from a {@link dev.deja.core.spec.CollectionSpec}
 * and a {@link dev.deja.core.store.CollectionStore}, it offers {@code check} (dry run) and {@code put} (check and write,
 * atomic per scope).
 */
package dev.deja.core;
