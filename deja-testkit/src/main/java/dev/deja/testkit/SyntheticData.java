package dev.deja.testkit;

import dev.deja.core.item.Item;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Optional;
import java.util.Random;
import java.util.SplittableRandom;

/**
 * A seeded generator of realistic items at scale, for benchmarks and load tests: calendar events of families spread
 * over a year (timed, on quarter hours, 30–120 min; one in ten all-day, 1–7 days) and memory facts of agents' users
 * with 384-d unit vectors.
 *
 * <p>Every item is a pure function of (seed, index): item {@code i} can be regenerated without the ones before it, so
 * a benchmark can store items 0..N-1 and later probe with variants of any of them. {@link #calendarVariant} and
 * {@link #memoryVariant} reword an item the way a duplicate arrives (case, punctuation, a dropped or added word, a
 * shifted start; a slightly moved vector).
 *
 * <p>Thread-safe: stateless.
 */
public final class SyntheticData {
  private SyntheticData() {}

  /**
   * One generated item.
   *
   * @param tenant the tenant it belongs to
   * @param item its fields
   * @param vector its embedding, for memory facts
   */
  public record Generated(String tenant, Item item, Optional<float[]> vector) {
    public Generated {
      vector = vector.map(float[]::clone);
    }

    @Override
    public Optional<float[]> vector() {
      return vector.map(float[]::clone);
    }
  }

  private static final String[] ACTIVITIES = {"Dentist appointment", "Soccer practice", "Piano lesson",
      "Parent-teacher conference", "Team standup", "Doctor's checkup", "Swimming class", "Book club", "Yoga",
      "Haircut", "Car service", "Dinner", "Lunch", "Birthday party", "Vet appointment", "Guitar lesson",
      "Project review", "Date night", "Grocery run", "Physiotherapy", "Chess club", "Ballet", "Tax advisor",
      "Plumber visit", "Coffee", "Flight", "School play", "Karate", "Climbing", "Eye exam"};
  private static final String[] WITH = {"with Dr. Lee", "with Mia", "with the Johnsons", "with grandma", "with Sam",
      "with coach Rivera", "with Anna and Tom", "with the team", "with Priya", "with Jonas"};
  private static final String[] AT = {"at Riverside Park", "at school", "downtown", "at the community centre",
      "at home", "at the clinic", "at Luigi's", "at the office", "at the pool", "at the library"};
  private static final String[] TRIPS = {"Trip to Lisbon", "Summer camp", "Ski week", "Conference in Berlin",
      "Visit to grandparents", "Beach holiday", "School holidays", "Hiking in the Alps", "Wedding weekend",
      "Family reunion"};
  private static final String[] NAMES = {"Aoife", "Bruno", "Chen", "Dara", "Elif", "Farid", "Greta", "Hiro", "Ines",
      "Jonas", "Kofi", "Lena", "Mateo", "Nina", "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tariq"};
  private static final String[] RELATIONS = {"sister", "brother", "colleague", "neighbour", "cousin", "manager",
      "friend", "daughter", "son", "partner"};
  private static final String[] JOBS = {"vet", "nurse", "teacher", "pilot", "chef", "lawyer", "plumber", "designer",
      "architect", "carpenter"};
  private static final String[] FOODS = {"peanuts", "shellfish", "gluten", "lactose", "sesame", "kiwi", "eggs",
      "soy", "mustard", "celery"};
  private static final String[] HOBBIES = {"running", "chess", "painting", "climbing", "knitting", "sailing",
      "baking", "photography", "gardening", "cycling"};
  private static final String[] CITIES = {"Porto", "Dublin", "Osaka", "Lyon", "Quito", "Tallinn", "Accra", "Perth",
      "Bergen", "Austin"};

  private static SplittableRandom random(long seed, long index, long salt) {
    return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index * 0xC2B2AE3D27D4EB4FL + salt);
  }

  private static String pick(SplittableRandom r, String[] words) {
    return words[r.nextInt(words.length)];
  }

  /** The tenant of a calendar event: families, {@code family-00042}. */
  public static String calendarTenant(long seed, long index, int tenants) {
    return String.format("family-%05d", random(seed, index, 1).nextInt(tenants));
  }

  /** Calendar event {@code index} of a data set of {@code tenants} families over the year 2026. */
  public static Generated calendarEvent(long seed, long index, int tenants) {
    SplittableRandom r = random(seed, index, 2);
    String tenant = calendarTenant(seed, index, tenants);
    if (r.nextInt(10) == 0) {
      LocalDate first = LocalDate.of(2026, 1, 1).plusDays(r.nextInt(365));
      LocalDate last = first.plusDays(r.nextInt(7));
      String title = pick(r, TRIPS) + (r.nextBoolean() ? "" : " " + (2026 + r.nextInt(2)));
      return new Generated(tenant, Item.of("title", title, "start", first.toString(), "end", last.toString(),
          "all_day", true), Optional.empty());
    }
    LocalDateTime start = LocalDateTime.of(2026, 1, 1, 7, 0).plusDays(r.nextInt(365))
        .plusMinutes(15L * r.nextInt(14 * 4));
    LocalDateTime end = start.plusMinutes(30L + 15L * r.nextInt(7));
    String title = pick(r, ACTIVITIES);
    int extra = r.nextInt(3);
    if (extra == 1) {
      title += " " + pick(r, WITH);
    } else if (extra == 2) {
      title += " " + pick(r, AT);
    }
    return new Generated(tenant, Item.of("title", title, "start", start.toString(), "end", end.toString(),
        "all_day", false), Optional.empty());
  }

  /** A reworded copy of calendar event {@code index}, as a duplicate arrives: same tenant, nearby start. */
  @SuppressWarnings("unchecked")
  public static Generated calendarVariant(long seed, long index, int tenants) {
    Generated g = calendarEvent(seed, index, tenants);
    SplittableRandom r = random(seed, index, 3);
    String title = reword(r, (String) g.item().fields().get("title"));
    Item item = g.item().with("title", title);
    if (Boolean.FALSE.equals(g.item().fields().get("all_day"))) {
      LocalDateTime start = LocalDateTime.parse((String) g.item().fields().get("start"))
          .plusMinutes(15L * (r.nextInt(5) - 2));
      item = item.with("start", start.toString()).with("end", start.plusMinutes(60).toString());
    }
    return new Generated(g.tenant(), item, Optional.empty());
  }

  private static String reword(SplittableRandom r, String s) {
    return switch (r.nextInt(4)) {
      case 0 -> s.toLowerCase(java.util.Locale.ROOT);
      case 1 -> s + "!";
      case 2 -> s.contains(" ") ? s.substring(0, s.lastIndexOf(' ')) : s + " again";
      default -> s.replace("-", " ").toUpperCase(java.util.Locale.ROOT);
    };
  }

  /** The tenant (and owner) of a memory fact: {@code user-0042}. */
  public static String memoryTenant(long seed, long index, int tenants) {
    return String.format("user-%04d", random(seed, index, 4).nextInt(tenants));
  }

  /** Memory fact {@code index} of {@code tenants} users, with a {@code dimension}-d unit vector. */
  public static Generated memoryFact(long seed, long index, int tenants, int dimension) {
    SplittableRandom r = random(seed, index, 5);
    String tenant = memoryTenant(seed, index, tenants);
    String text = switch (r.nextInt(6)) {
      case 0 -> "My " + pick(r, RELATIONS) + " " + pick(r, NAMES) + " is a " + pick(r, JOBS) + ".";
      case 1 -> "I'm allergic to " + pick(r, FOODS) + ".";
      case 2 -> "I go " + pick(r, HOBBIES) + " every " + pick(r, new String[] {"Monday", "weekend", "morning",
          "Friday", "evening"}) + ".";
      case 3 -> pick(r, NAMES) + "'s birthday is on " + LocalDate.of(2026, 1, 1).plusDays(r.nextInt(365)) + ".";
      case 4 -> "I'm planning a move to " + pick(r, CITIES) + " in " + (2026 + r.nextInt(3)) + ".";
      default -> "I prefer " + pick(r, new String[] {"tea", "coffee", "water", "juice"}) + " with "
          + pick(r, new String[] {"breakfast", "lunch", "dinner"}) + ", fact " + index + ".";
    };
    return new Generated(tenant, Item.of("text", text, "owner", tenant), Optional.of(unit(new Random(
        r.nextLong()), dimension, null, 0)));
  }

  /** A reworded copy of memory fact {@code index}, its vector moved slightly (cosine about 0.99). */
  public static Generated memoryVariant(long seed, long index, int tenants, int dimension) {
    Generated g = memoryFact(seed, index, tenants, dimension);
    SplittableRandom r = random(seed, index, 6);
    String text = reword(r, (String) g.item().fields().get("text"));
    return new Generated(g.tenant(), g.item().with("text", text), Optional.of(unit(new Random(r.nextLong()),
        dimension, g.vector().orElseThrow(), 0.1)));
  }

  /** A random unit vector, or {@code base} plus Gaussian noise of the given scale, normalised. */
  private static float[] unit(Random r, int dimension, float[] base, double noise) {
    float[] v = new float[dimension];
    double n = 0;
    for (int i = 0; i < dimension; i++) {
      double x = base == null ? r.nextGaussian() : base[i] + noise * r.nextGaussian() / Math.sqrt(dimension);
      v[i] = (float) x;
      n += x * x;
    }
    float inv = (float) (1 / Math.sqrt(n));
    for (int i = 0; i < dimension; i++) {
      v[i] *= inv;
    }
    return v;
  }

  private static final String[] TERM_HEADS = {"verificatie", "bewaar", "identificatie", "aanvraag", "beslis",
      "vergunning", "toeslag", "inschrijving", "machtiging", "ondertekening", "registratie", "uitkering",
      "belasting", "bezwaar", "melding", "controle", "erkenning", "subsidie", "opgave", "wijziging"};
  private static final String[] TERM_TAILS = {"termijn", "proces", "plicht", "register", "code", "besluit",
      "procedure", "formulier", "bewijs", "datum", "recht", "nummer", "kosten", "gegevens", "periode", "verzoek"};
  private static final String[] TERM_MODIFIERS = {"", "", "", "elektronische ", "tijdelijke ", "definitieve ",
      "gezamenlijke ", "digitale ", "aanvullende ", "vervroegde "};
  private static final String[] ORGS = {"SVB", "Kamer van Koophandel", "Nationaal Archief", "CAK", "UWV",
      "Belastingdienst", "RDW", "DUO", "IND", "CBR"};
  private static final String[] LAWS = {"Awb", "Archiefwet 1995", "Handelsregisterwet 2007", "Wet BRP",
      "Algemene Ouderdomswet", "Wet langdurige zorg", "Wegenverkeerswet 1994", "Vreemdelingenwet 2000"};

  /**
   * A glossary definition: a Dutch-style compound term (unique per index), 0–2 synonyms, an organisation, a legal
   * context and 1–3 articles of legal basis, so that 100k definitions spread over many scopes.
   */
  public static Generated definition(long seed, long index) {
    SplittableRandom r = random(seed, index, 0xDEF);
    long k = index;
    String head = TERM_HEADS[(int) (k % TERM_HEADS.length)];
    k /= TERM_HEADS.length;
    String tail = TERM_TAILS[(int) (k % TERM_TAILS.length)];
    k /= TERM_TAILS.length;
    String modifier = TERM_MODIFIERS[(int) (k % TERM_MODIFIERS.length)];
    k /= TERM_MODIFIERS.length;
    String org = ORGS[(int) (k % ORGS.length)];
    k /= ORGS.length;
    String law = LAWS[(int) (k % LAWS.length)];
    k /= LAWS.length;
    java.util.List<String> basis = new java.util.ArrayList<>();
    basis.add(law + ", artikel " + (1 + k));
    if (r.nextBoolean()) {
      basis.add(law + ", artikel " + (100 + r.nextInt(50)));
    }
    java.util.List<String> synonyms = new java.util.ArrayList<>();
    int n = r.nextInt(3);
    for (int i = 0; i < n; i++) {
      synonyms.add(head + TERM_TAILS[r.nextInt(TERM_TAILS.length)] + "-" + (i + 1) + "-" + index);
    }
    Item item = Item.of("term", modifier + head + tail, "synonyms", synonyms, "org_context", org,
        "legal_context", law, "legal_basis", basis, "status", r.nextInt(20) == 0 ? "archived" : "active");
    return new Generated("kb", item, Optional.empty());
  }

  /** A probe for definition {@code index}: its term split as two words ("bewaar termijn"), same contexts. */
  public static Generated definitionCompoundVariant(long seed, long index) {
    Generated g = definition(seed, index);
    String term = g.item().findString("term").orElseThrow();
    String head = null;
    for (String h : TERM_HEADS) {
      int at = term.indexOf(h);
      if (at >= 0) {
        head = term.substring(0, at + h.length());
      }
    }
    String split = head == null ? term : head + " " + term.substring(head.length());
    return new Generated(g.tenant(), g.item().with("term", split).with("synonyms", java.util.List.of()),
        Optional.empty());
  }
}
