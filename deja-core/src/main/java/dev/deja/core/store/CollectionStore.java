package dev.deja.core.store;

import dev.deja.core.index.CandidateIndex;

/** A store for one collection: its items and the index that finds candidates among them. */
public interface CollectionStore extends ItemStore, CandidateIndex {}
