/**
 * Normalisation: deterministic, idempotent text transformations applied before fields are compared or indexed.
 *
 * <p>An {@link dev.deja.core.normalize.Analyzer} is a named chain of {@link dev.deja.core.normalize.TextSteps}
 * (NFKC, case folding, accent folding, punctuation, white space, compound joining) followed by optional abbreviation
 * expansion and stop-word removal. Collection specs refer to analyzers by name, per field and per stage.
 */
package dev.deja.core.normalize;
