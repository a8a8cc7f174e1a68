package dev.deja.stream;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A snapshot of one response's detector: the design's statistics plus the counts this module adds.
 *
 * <p>Immutable.
 *
 * @param totalChunksTracked units added to the detector
 * @param uniqueHashes distinct normalised units among them
 * @param accumulatedTextLength characters of text added
 * @param similarityThreshold the chunk layer's threshold
 * @param contentSimilarityThreshold the content layer's threshold
 * @param sentenceWindowSize the window size
 * @param duplicatesDetected repeats found
 * @param errors detection errors (content let through)
 */
public record DetectorStatistics(long totalChunksTracked, long uniqueHashes, long accumulatedTextLength,
    double similarityThreshold, double contentSimilarityThreshold, int sentenceWindowSize, long duplicatesDetected,
    long errors) {

  /** The statistics with the design's key names. */
  public Map<String, Object> asMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("total_chunks_tracked", totalChunksTracked);
    m.put("unique_hashes", uniqueHashes);
    m.put("accumulated_text_length", accumulatedTextLength);
    m.put("similarity_threshold", similarityThreshold);
    m.put("content_similarity_threshold", contentSimilarityThreshold);
    m.put("sentence_window_size", sentenceWindowSize);
    m.put("duplicates_detected", duplicatesDetected);
    m.put("errors", errors);
    return m;
  }
}
