package dev.deja.spark;

import dev.deja.core.cluster.ScoredLink;
import java.io.Serializable;

/**
 * A duplicate link the job found, {@code a} before {@code b}: the better of its two directions, with its evidence (the
 * stage that matched and its reason), as {@code deja dedupe} reports it.
 *
 * @param a the smaller id
 * @param b the larger id
 * @param score the match's score
 * @param stage the stage that matched
 * @param reason the match's explanation, in one line
 */
record SparkLink(String a, String b, double score, String stage, String reason) implements ScoredLink, Serializable {}
