/**
 * The cascade: stages that run cheap to expensive, each adding matches with a score and an explanation.
 *
 * <p>Built-in stage types: {@link dev.deja.core.cascade.ExactStage exact} (normalised equality, found by key),
 * {@link dev.deja.core.cascade.SynonymStage synonym} (term ↔ synonym lists), {@link dev.deja.core.cascade.FuzzyStage
 * fuzzy} (a named measure and threshold). Other modules add types (the semantic stage) with a
 * {@link dev.deja.core.cascade.StageFactory} registered in a {@link dev.deja.core.cascade.StageRegistry}.
 */
package dev.deja.core.cascade;
