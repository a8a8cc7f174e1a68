package dev.deja.core.item;

import java.util.Locale;

/** The type of a field declared in a collection spec; decides how its values are parsed and validated. */
public enum FieldType {
  /** Free text, compared by measures after normalisation. */
  TEXT,
  /** A short identifier-like string compared by equality (status, owner, organisation). */
  KEYWORD,
  /** A list of strings (synonyms, legal basis). */
  LIST,
  /** A date-time: {@code 2026-03-02T14:00} (local, zone from the item or spec), with an offset, or {@code Z}. */
  TIMESTAMP,
  /** A calendar date: {@code 2026-03-02}. */
  DATE,
  /** {@code true} or {@code false}. */
  BOOLEAN,
  /** A number. */
  NUMBER;

  /** The name used in YAML specs: lower case. */
  public String specName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
