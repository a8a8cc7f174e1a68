package dev.deja.stream.eval;

import java.util.List;
import java.util.Objects;

/**
 * A streamed answer with its labels (the {@code streams.jsonl} format): the chunks, the units that must survive in
 * order, and the units that repeat an earlier one.
 *
 * @param id the stream's id
 * @param chunks the answer as streamed; the text is their concatenation
 * @param keep units that must survive, in output order
 * @param drop units that repeat an earlier unit and should be removed
 * @param dropOf for each drop, the index in {@code keep} of the unit it repeats ({@code null} when unknown)
 * @param note what the stream tests
 */
public record LabelledStream(String id, List<String> chunks, List<String> keep, List<String> drop,
    List<Integer> dropOf, String note) {
  public LabelledStream {
    Objects.requireNonNull(id, "id");
    chunks = List.copyOf(chunks);
    keep = List.copyOf(keep);
    drop = List.copyOf(drop);
    dropOf = dropOf == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(dropOf));
    note = note == null ? "" : note;
  }

  /** The whole answer. */
  public String text() {
    return String.join("", chunks);
  }
}
