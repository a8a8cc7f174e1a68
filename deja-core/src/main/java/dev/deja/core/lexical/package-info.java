/**
 * Lexical knowledge for guards and the pair classifier: how two words relate ({@link
 * dev.deja.core.lexical.WordRelation}), dictionary base forms and number words, from a resource a module registers
 * ({@link dev.deja.core.lexical.WordKnowledge}). The core knows no words itself; {@code deja-lexicon} brings WordNet 3.1
 * and ICU's number spell-out rules.
 */
package dev.deja.core.lexical;
