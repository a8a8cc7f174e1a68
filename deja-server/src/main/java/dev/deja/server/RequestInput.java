package dev.deja.server;

import dev.deja.core.InvalidInputException;
import dev.deja.core.time.Temporals;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a route reads from its request besides the key: the body (within its limit) and the query parameters, each
 * refused with a 4xx that names it.
 *
 * <p>Thread-safe: stateless.
 */
final class RequestInput {
  private RequestInput() {}

  /** The body as a JSON object, within {@code max} bytes. */
  static Body body(Context ctx, long max) throws IOException {
    return Body.parse(rawBody(ctx, max));
  }

  /** The body's bytes, within {@code max} bytes (413 beyond). */
  static byte[] rawBody(Context ctx, long max) throws IOException {
    try (InputStream in = ctx.req().getInputStream()) {
      return Body.read(in, ctx.req().getContentLengthLong(), max);
    }
  }

  /** Refuses any query parameter. */
  static void noParams(Context ctx) {
    params(ctx, Set.of());
  }

  /** The query parameters, each given once and each one of {@code allowed}. */
  static Map<String, String> params(Context ctx, Set<String> allowed) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> e : ctx.queryParamMap().entrySet()) {
      if (!allowed.contains(e.getKey())) {
        throw new ApiException(400, "invalid_request", "unknown query parameter '" + e.getKey() + "'"
            + (allowed.isEmpty() ? "; this route takes none" : "; known: " + allowed),
            Map.of("unknown_fields", List.of(e.getKey())));
      }
      if (e.getValue().size() != 1) {
        throw ApiException.invalid(e.getKey(), "give it once");
      }
      out.put(e.getKey(), e.getValue().get(0));
    }
    return out;
  }

  /** An integer parameter in [min, max], {@code def} when absent. */
  static int intParam(Map<String, String> p, String name, int def, int min, int max) {
    String v = p.get(name);
    if (v == null) {
      return def;
    }
    try {
      int i = Integer.parseInt(v.strip());
      if (i < min || i > max) {
        throw ApiException.invalid(name, "must be in [" + min + ", " + max + "], got " + i);
      }
      return i;
    } catch (NumberFormatException e) {
      throw ApiException.invalid(name, "must be an integer in [" + min + ", " + max + "], got '" + v + "'");
    }
  }

  /** A date or date-time parameter as an instant; a date is its first (or, for an end, last) millisecond. */
  static Instant instant(String field, String text, ZoneId zone, boolean endOfDay) {
    try {
      if (Temporals.isDate(text)) {
        LocalDate d = Temporals.date(field, text, zone);
        return endOfDay ? d.plusDays(1).atStartOfDay(zone).toInstant().minusMillis(1)
            : d.atStartOfDay(zone).toInstant();
      }
      return Temporals.dateTime(field, text, zone).toInstant();
    } catch (InvalidInputException e) {
      // The message names the field already.
      throw new ApiException(400, "invalid_request", e.getMessage(), Map.of("field", field));
    }
  }
}
