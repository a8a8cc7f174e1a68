package dev.deja.stream;

import java.util.List;
import java.util.Set;

/**
 * Discourse markers that announce a restatement, in the languages the filter reads (English, Spanish, Portuguese,
 * German, Dutch, French): reformulation markers ("in other words", "that is", "dicho de otro modo", "mit anderen
 * Worten"), summary markers ("to recap", "in short", "kortom"), the consecutive "so" that opens a conclusion, and
 * reminder markers ("remember", "don't forget", "recuerda", "lembre-se"). These are closed classes of function
 * phrases described in grammars of each language (e.g. the reformulation and summarising markers of Quirk et al.'s
 * conjuncts), not words taken from labelled answers. A marker is evidence, not a verdict: "Remember to …" also gives
 * new advice and "So …" opens derived conclusions, which is why the {@link RestatementModel} weighs it with the other
 * evidence.
 *
 * <p>Phrases are matched on the unit's normalised text ({@link TextKey}: lower case, accents folded, apostrophes
 * removed). Thread-safe: immutable.
 */
final class Cues {
  private Cues() {}

  /**
   * Reformulatory markers proper (Quirk et al.'s reformulatory conjuncts), whose meaning is that the sentence they
   * open says again what the one before it said. Not the summative ("in short", "to recap") or resultive ("so", "that
   * means") ones of {@link #RESTATE}, which also open conclusions and new steps, nor openers that are also a
   * demonstrative and a verb ("that is", "das heisst", "isto e": "That is the cheapest option.").
   */
  static final List<String> REFORMULATE = List.of(
      "in other words", "to put it another way", "put another way", "to put it simply", "put simply", "simply put",
      "en otras palabras", "dicho de otro modo", "dicho de otra manera", "dicho de otra forma", "es decir",
      "em outras palavras", "por outras palavras", "ou seja",
      "mit anderen worten", "anders gesagt", "anders ausgedruckt",
      "met andere woorden", "anders gezegd", "dat wil zeggen",
      "autrement dit", "en dautres termes", "cest a dire");

  /** Reformulation and summary markers that open a sentence: {@link #REFORMULATE} and these. */
  static final List<String> RESTATE = java.util.stream.Stream.concat(REFORMULATE.stream(), java.util.stream.Stream.of(
      // English
      "that is", "that means", "this means", "which means", "in short", "in brief", "in sum",
      "in summary", "to sum up", "summing up", "to summarise", "to summarize", "to recap", "recap", "just to recap",
      "to conclude", "in conclusion", "all in all", "in a nutshell", "basically", "essentially", "again",
      "once again", "as i said", "as mentioned", "as noted", "to confirm", "just to confirm", "so",
      // Spanish
      "o sea", "en resumen", "resumiendo", "en definitiva", "en pocas palabras", "asi que", "entonces",
      // Portuguese
      "isto e", "em resumo", "resumindo", "em suma", "entao", "portanto",
      // German
      "das heisst", "kurz gesagt", "kurzum", "zusammengefasst", "zusammenfassend", "also",
      // Dutch
      "kortom", "samengevat", "in het kort", "dus",
      // French
      "en resume", "bref", "pour resumer", "en somme", "donc")).toList();

  /** Reminder markers that open a sentence. */
  static final List<String> REMIND = List.of(
      "remember", "dont forget", "do not forget", "and dont forget", "and remember", "keep in mind",
      "bear in mind", "make sure", "be sure to",
      "recuerda", "recuerde", "no olvides", "no olvide", "asegurate", "asegurese",
      "lembre se", "lembra te", "nao se esqueca", "nao esqueca", "nao te esquecas", "certifique se",
      "denk daran", "denken sie daran", "vergiss nicht", "vergessen sie nicht", "achte darauf", "achten sie darauf",
      "onthoud", "vergeet niet", "denk eraan", "denk erom",
      "noubliez pas", "noublie pas", "rappelez vous", "souvenez vous", "assurez vous");

  /**
   * "So"-particles that stand inside the sentence in verb-second languages ("Kijk dus eerst …", "Seit verwendest du
   * also …"); German "also" only counts in German text, where it is not the English "also".
   */
  private static final Set<String> PARTICLES = Set.of("dus", "donc", "also");
  /** How many words into a sentence a particle may stand. */
  private static final int PARTICLE_REACH = 5;

  /** 1 when the normalised text opens with a reformulation marker, 0.5 for a particle, else 0. */
  static double restate(String norm, boolean german) {
    if (opensWith(norm, RESTATE)) {
      return norm.startsWith("also ") && !german ? 0 : 1;
    }
    String[] words = norm.split(" ", PARTICLE_REACH + 1);
    for (int i = 1; i < Math.min(words.length, PARTICLE_REACH); i++) {
      if (PARTICLES.contains(words[i]) && (german || !words[i].equals("also"))) {
        return 0.5;
      }
    }
    return 0;
  }

  /** The {@link #REFORMULATE reformulatory marker} the normalised text opens with, if any. */
  static java.util.Optional<String> reformulation(String norm) {
    for (String p : REFORMULATE) {
      if (opens(norm, p)) {
        return java.util.Optional.of(p);
      }
    }
    return java.util.Optional.empty();
  }

  /** 1 when the normalised text opens with a reminder marker, else 0. */
  static double remind(String norm) {
    return opensWith(norm, REMIND) ? 1 : 0;
  }

  private static boolean opensWith(String norm, List<String> phrases) {
    for (String p : phrases) {
      if (opens(norm, p)) {
        return true;
      }
    }
    return false;
  }

  private static boolean opens(String norm, String phrase) {
    return norm.startsWith(phrase) && (norm.length() == phrase.length() || norm.charAt(phrase.length()) == ' ');
  }
}
