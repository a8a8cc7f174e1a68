package dev.deja.core.lexical;

import java.util.Objects;

/**
 * How two words (or short phrases) relate in a lexical resource, with the evidence in words a person can check.
 *
 * <table>
 *   <caption>Kinds, with examples from WordNet</caption>
 *   <tr><th>kind</th><th>meaning</th><th>example</th></tr>
 *   <tr><td>{@link Kind#SAME}</td><td>one concept: synonyms, spelling variants, abbreviations</td>
 *       <td>coriander / cilantro, favourite / favorite, vet / veterinarian</td></tr>
 *   <tr><td>{@link Kind#FORM}</td><td>forms of one word: an inflection or a derivation</td>
 *       <td>allergy / allergic, kiwis / kiwi</td></tr>
 *   <tr><td>{@link Kind#BROADER}</td><td>the first is a kind of the second</td><td>orthodontist / dentist</td></tr>
 *   <tr><td>{@link Kind#NARROWER}</td><td>the second is a kind of the first</td><td>vegetarian / vegan</td></tr>
 *   <tr><td>{@link Kind#SIBLING}</td><td>different things of one kind (co-hyponyms)</td>
 *       <td>karate / judo, volleyball / basketball</td></tr>
 *   <tr><td>{@link Kind#ANTONYM}</td><td>opposites</td><td>hate / love, nephew / niece</td></tr>
 *   <tr><td>{@link Kind#UNRELATED}</td><td>both known, no close relation</td><td>kitchen / pizza</td></tr>
 *   <tr><td>{@link Kind#UNKNOWN}</td><td>the resource does not know one of them</td><td>a name, a brand</td></tr>
 * </table>
 *
 * @param kind the relation
 * @param evidence what the resource says, e.g. {@code "both are kinds of 'martial art'"}; empty for
 *     {@link Kind#UNKNOWN} and {@link Kind#UNRELATED}
 * @param closeness how close the two concepts are in the resource's hierarchy, in [0, 1]: 1 for {@link Kind#SAME}
 *     and {@link Kind#FORM}, the Wu–Palmer similarity of their nearest senses otherwise (karate / judo ≈ 0.9,
 *     kitchen / pizza ≈ 0.3), 0 when unknown
 */
public record WordRelation(Kind kind, String evidence, double closeness) {

  /** The relation kinds. */
  public enum Kind {
    SAME, FORM, BROADER, NARROWER, SIBLING, ANTONYM, UNRELATED, UNKNOWN;

    /** Whether the two words name one concept (a rewording, not a change). */
    public boolean isEquivalent() {
      return this == SAME || this == FORM;
    }
  }

  public WordRelation {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(evidence, "evidence");
    if (!(closeness >= 0 && closeness <= 1)) {
      throw new IllegalArgumentException("closeness must be in [0, 1], got " + closeness);
    }
  }

  /** A relation with the closeness its kind implies (1 for equivalents, 0 otherwise). */
  public WordRelation(Kind kind, String evidence) {
    this(kind, evidence, kind.isEquivalent() ? 1 : 0);
  }

  /** A relation the resource cannot tell. */
  public static final WordRelation UNKNOWN = new WordRelation(Kind.UNKNOWN, "");
}
