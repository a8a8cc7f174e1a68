/**
 * Evaluation metrics: confusion counts with precision, recall, F1 and accuracy, and latency summaries. The runners
 * that read labelled data live in deja-cli ({@code deja eval}).
 */
package dev.deja.core.eval;
