package dev.deja.core.recur;

import dev.deja.core.InvalidInputException;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.core.spec.RecurrenceSpec;
import dev.deja.core.spec.WindowSpec;
import dev.deja.core.time.Temporals;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Materialises a series into its occurrences: items like the series' master, each with the start and end of one
 * occurrence, linked to the master by two reserved fields ({@value #SERIES_FIELD}, {@value #OCCURRENCE_FIELD}).
 *
 * <p>Thread-safe: immutable.
 */
public final class Occurrences {
  /** Reserved field of a materialised occurrence: the id of its series' master item. */
  public static final String SERIES_FIELD = "_series";
  /** Reserved field of a materialised occurrence: its start, as written in its {@code start} field. */
  public static final String OCCURRENCE_FIELD = "_occurrence";

  private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmm");
  private static final DateTimeFormatter ID_DATE = DateTimeFormatter.ofPattern("yyyyMMdd");

  private final RecurrenceSpec spec;
  private final WindowSpec window;
  private final RecurrenceExpander expander;

  public Occurrences(RecurrenceSpec spec, WindowSpec window, RecurrenceExpander expander) {
    this.spec = spec;
    this.window = window;
    this.expander = expander;
  }

  /** One occurrence: its id suffix and the item (the master's fields with this occurrence's start and end). */
  public record Occurrence(String idSuffix, String start, Item item) {}

  /** Whether an item is a series' master: it has a non-blank rule. */
  public static boolean isSeries(RecurrenceSpec spec, Item item) {
    return item.findString(spec.ruleField()).filter(s -> !s.isBlank()).isPresent();
  }

  /** The series a stored item is an occurrence of, if it is one. */
  public static Optional<String> seriesOf(StoredItem item) {
    return item.item().findString(SERIES_FIELD);
  }

  /** The occurrence's start, if the stored item is an occurrence. */
  public static Optional<String> occurrenceOf(StoredItem item) {
    return item.item().findString(OCCURRENCE_FIELD);
  }

  /** The id of a series' occurrence. */
  public static String id(String seriesId, Occurrence o) {
    return seriesId + "~" + o.idSuffix();
  }

  /** An occurrence's item as stored: with the reserved fields linking it to its series. */
  public static Item linked(Occurrence o, String seriesId) {
    Map<String, Object> f = new LinkedHashMap<>(o.item().fields());
    f.put(SERIES_FIELD, seriesId);
    f.put(OCCURRENCE_FIELD, o.start());
    return new Item(f);
  }

  /**
   * The occurrences of a series' master item from its first start up to the horizon, without its excluded dates.
   *
   * @throws InvalidInputException when the rule or an excluded date is invalid, or the series has no occurrence
   */
  public List<Occurrence> of(Item master) {
    String rule = master.findString(spec.ruleField()).orElseThrow().strip();
    ZoneId zone = window.timeZoneField().flatMap(master::findString).filter(s -> !s.isBlank())
        .map(z -> Temporals.zone(window.timeZoneField().get(), z)).orElse(window.defaultZone());
    String startText = master.findString(window.startField()).filter(s -> !s.isBlank()).orElseThrow(
        () -> new InvalidInputException("field '" + window.startField() + "' is required"));
    Optional<String> endText = window.endField().flatMap(master::findString).filter(s -> !s.isBlank());
    boolean allDay = window.allDayField().flatMap(master::find).map(v -> (Boolean) v)
        .orElse(Temporals.isDate(startText));
    List<String> exdates = exdates(master);
    List<Occurrence> out = new ArrayList<>();
    if (allDay) {
      LocalDate first = Temporals.date(window.startField(), startText, zone);
      long days = endText.map(e -> ChronoUnit.DAYS.between(first, Temporals.date(window.endField().get(), e, zone)))
          .orElse(0L);
      Set<LocalDate> excluded = new HashSet<>();
      for (String x : exdates) {
        excluded.add(Temporals.date(spec.exdatesField(), x, zone));
      }
      for (LocalDateTime s : expander.expand(rule, first.atStartOfDay(), zone,
          first.plusDays(spec.horizonDays()).atStartOfDay(), spec.maxOccurrences())) {
        LocalDate d = s.toLocalDate();
        if (excluded.contains(d)) {
          continue;
        }
        out.add(occurrence(master, d.format(ID_DATE), d.toString(),
            endText.isPresent() ? Optional.of(d.plusDays(days).toString()) : Optional.empty()));
      }
    } else {
      ZonedDateTime first = Temporals.dateTime(window.startField(), startText, zone);
      Optional<Duration> length = endText.map(e -> Duration.between(first,
          Temporals.isDate(e) ? Temporals.date(window.endField().get(), e, zone).atStartOfDay(zone)
              : Temporals.dateTime(window.endField().get(), e, zone)));
      Set<Instant> excludedTimes = new HashSet<>();
      Set<LocalDate> excludedDays = new HashSet<>();
      for (String x : exdates) {
        if (Temporals.isDate(x)) {
          excludedDays.add(Temporals.date(spec.exdatesField(), x, zone));
        } else {
          excludedTimes.add(Temporals.dateTime(spec.exdatesField(), x, zone).toInstant());
        }
      }
      LocalDateTime local = first.toLocalDateTime();
      for (LocalDateTime s : expander.expand(rule, local, zone, local.plusDays(spec.horizonDays()),
          spec.maxOccurrences())) {
        ZonedDateTime z = s.atZone(zone);
        if (excludedDays.contains(s.toLocalDate()) || excludedTimes.contains(z.toInstant())) {
          continue;
        }
        out.add(occurrence(master, s.format(ID_TIME), s.toString(),
            length.map(l -> z.plus(l).withZoneSameInstant(zone).toLocalDateTime().toString())));
      }
    }
    if (out.isEmpty()) {
      throw new InvalidInputException("field '" + spec.ruleField() + "': the rule '" + rule + "' has no occurrence "
          + "in the " + spec.horizonDays() + " days from " + startText + " (after excluded dates)");
    }
    // Occurrences are stored under ids to the minute (or the day): two in one minute would collide half-way through
    // writing the series. Refused here, before anything is written.
    Map<String, String> seen = new LinkedHashMap<>();
    for (Occurrence o : out) {
      String other = seen.putIfAbsent(o.idSuffix(), o.start());
      if (other != null) {
        throw new InvalidInputException("field '" + spec.ruleField() + "': the rule '" + rule + "' has occurrences "
            + "less than " + (allDay ? "a day" : "a minute") + " apart (" + other + " and " + o.start() + "); a "
            + "series' occurrences must start in different " + (allDay ? "days" : "minutes"));
      }
    }
    return out;
  }

  private List<String> exdates(Item master) {
    Object v = master.fields().get(spec.exdatesField());
    List<String> out = new ArrayList<>();
    if (v instanceof List<?> l) {
      for (Object o : l) {
        if (o != null && !o.toString().isBlank()) {
          out.add(o.toString().strip());
        }
      }
    }
    return out;
  }

  private Occurrence occurrence(Item master, String idSuffix, String start, Optional<String> end) {
    Map<String, Object> f = new LinkedHashMap<>(master.fields());
    f.remove(spec.ruleField());
    f.remove(spec.exdatesField());
    f.put(window.startField(), start);
    window.endField().ifPresent(e -> {
      if (end.isPresent()) {
        f.put(e, end.get());
      } else {
        f.remove(e);
      }
    });
    return new Occurrence(idSuffix, start, new Item(f));
  }
}
