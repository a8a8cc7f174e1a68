/**
 * Measures: string similarities in [0, 1] (1 = identical), each with its contract and a table of known values in its
 * javadoc.
 *
 * <p>{@link dev.deja.core.measure.SequenceMeasure} reproduces Python's difflib exactly (the calendar design's
 * baseline); {@link dev.deja.core.measure.JaccardMeasure} is the glossary design's word-set Jaccard;
 * {@link dev.deja.core.measure.TrigramMeasure} is pg_trgm's similarity; {@link dev.deja.core.measure.JaroWinklerMeasure}
 * and {@link dev.deja.core.measure.LevenshteinMeasure} are the classic edit-based measures;
 * {@link dev.deja.core.measure.CompoundMeasure} is an edit similarity that ignores how compounds are written.
 * {@link dev.deja.core.measure.Measures} finds them by the names used in specs.
 */
package dev.deja.core.measure;
