package dev.deja.lexicon;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What WordNet says about one word, read once and kept: {@link WordNetRelations} relates two words by comparing their
 * entries, in memory, instead of walking the dictionary for every pair.
 *
 * <p>Synsets are identified by {@link #id}: their offset and part of speech.
 *
 * @param word the word as asked (lower case)
 * @param known whether WordNet has it in some part of speech
 * @param lemmas its base forms ("kiwis" → kiwi)
 * @param synsets the synset ids of its senses in use: the first {@link WordNetEntries#TOP_SENSES} of each part of
 *     speech, and any other that WordNet's sense-tagged texts (its use counts) use the word in
 * @param formLemmas lemmas its senses point to by derivation, pertainym, participle or similarity ("allergy" →
 *     allergic)
 * @param antonymLemmas lemmas of its antonyms and of their similarity clusters ("early" → late, tardy, …)
 * @param top its most frequent senses (at most {@link WordNetEntries#TOP_SENSES} per part of speech)
 * @param lowerCase whether a synset writes it in lower case (a common word, not a name or abbreviation)
 * @param person whether its most frequent noun sense is in WordNet's {@code noun.person} file
 * @param pastTense whether it is a past-tense verb form
 * @param verb whether WordNet has it (or its base form) as a verb
 * @param mainlyVerb whether WordNet's sense-tagged texts use it (or its base form) as a verb more often than in any
 *     other part of speech
 * @param definition the words of the definitions (glosses, without their examples) of its most frequent sense in
 *     each part of speech, lower case ("decade" → a, period, of, 10, years, …)
 * @param usedMost the synset of its most used sense in each part of speech, by WordNet's sense-tagged texts, when
 *     they use it there at least {@link WordNetEntries#MIN_USES} times; none otherwise (the order of untagged senses
 *     says nothing: "kale" lists money first)
 * @param synonyms the other words of the synsets of its senses in use, lower case ("physical therapy" →
 *     physiotherapy, physiatrics)
 */
record WordEntry(String word, boolean known, Set<String> lemmas, Set<Long> synsets, Set<String> formLemmas,
    Set<String> antonymLemmas, List<Sense> top, boolean lowerCase, boolean person, boolean pastTense, boolean verb,
    boolean mainlyVerb, Set<String> definition, Set<Long> usedMost, Set<String> synonyms) {

  /**
   * One of a word's most frequent senses, with its hypernyms.
   *
   * @param id the synset id
   * @param pos the part of speech's id
   * @param ancestors hypernym (and instance hypernym) ids up to {@link WordNetEntries#WUP_UP} levels, with their
   *     distance from this sense (the sense itself at 0)
   * @param depths the depth from the root of each ancestor (and of the sense)
   * @param names a few words of each ancestor (and of the sense), for explanations
   */
  record Sense(long id, int pos, Map<Long, Integer> ancestors, Map<Long, Integer> depths, Map<Long, String> names) {}

  /** The id of a synset: its offset and part of speech. */
  static long id(long offset, int pos) {
    return offset * 8 + pos;
  }

  static final WordEntry UNKNOWN_WORD = new WordEntry("", false, Set.of(), Set.of(), Set.of(), Set.of(), List.of(),
      false, false, false, false, false, Set.of(), Set.of(), Set.of());
}
