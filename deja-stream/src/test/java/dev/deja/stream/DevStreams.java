package dev.deja.stream;

import dev.deja.format.Datasets;
import dev.deja.stream.eval.LabelledStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The repository's dev streams (tests run with the module directory as working directory). */
final class DevStreams {
  static final Path FILE = Path.of("..", "datasets", "dev", "streams", "streams.jsonl");

  static List<LabelledStream> all() {
    List<LabelledStream> out = new ArrayList<>();
    for (Datasets.StreamCase c : Datasets.streams(FILE)) {
      out.add(new LabelledStream(c.id(), c.chunks(), c.keep(), c.drop(), c.dropOf(), c.note()));
    }
    return out;
  }

  private DevStreams() {}
}
