package dev.deja.calendar.caldav;

import dev.deja.calendar.ICalendar;
import dev.deja.core.StoreConfigurationException;
import dev.deja.core.StoreException;
import java.io.IOException;
import java.io.StringReader;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * The few CalDAV (RFC 4791) requests Deja needs, over the JDK HttpClient: REPORT calendar-query (with or without a
 * time range), GET, PUT with {@code If-None-Match: *} (create only) or {@code If-Match: *} (replace only),
 * DELETE and MKCALENDAR.
 *
 * <p>Failures are {@link StoreException}s saying what was asked of which server; {@link Unavailable} (a subclass,
 * retriable) when the server cannot be reached, times out or answers 5xx, which is what {@code fail_open} covers.
 * Credentials and bodies are never part of a message.
 *
 * <p>Thread-safe.
 */
public final class CalDavClient {
  private static final String DAV = "DAV:";
  private static final String CALDAV = "urn:ietf:params:xml:ns:caldav";
  private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
      .withZone(ZoneOffset.UTC);

  private final CalDavSettings settings;
  private final HttpClient http;

  public CalDavClient(CalDavSettings settings) {
    this.settings = settings;
    // HTTP/1.1: CalDAV servers speak it; the default HTTP/2 attempt adds an h2c upgrade to plain-http requests.
    this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(settings.timeout())
        .followRedirects(HttpClient.Redirect.NORMAL).build();
  }

  public CalDavSettings settings() {
    return settings;
  }

  /** The server cannot be reached, timed out, or failed (5xx): retriable, and what {@code fail_open} applies to. */
  public static final class Unavailable extends StoreException {
    private static final long serialVersionUID = 1L;
    private final String reason;

    Unavailable(String message, String reason, Throwable cause) {
      super(message, true, cause);
      this.reason = reason;
    }

    /** Why, without the request that failed ("connection refused", "no answer within 2000 ms", "HTTP 503"). */
    public String reason() {
      return reason;
    }
  }

  /** One calendar object resource: its href, ETag and iCalendar text. */
  public record Resource(String href, String etag, String calendarData) {}

  /** The resource URL of an item id: the id, URL-encoded, with {@code .ics}. */
  public URI resourceOf(String id) {
    return settings.url().resolve(URLEncoder.encode(id, StandardCharsets.UTF_8).replace("+", "%20") + ".ics");
  }

  /** Events overlapping [from, to) (RFC 4791 time-range semantics; a series is returned when any occurrence does). */
  public List<Resource> query(Instant from, Instant to) {
    return report("<C:comp-filter name=\"VEVENT\"><C:time-range start=\"" + UTC.format(from) + "\" end=\""
        + UTC.format(to) + "\"/></C:comp-filter>", "events from " + from + " to " + to);
  }

  /** Every event of the calendar. */
  public List<Resource> all() {
    return report("<C:comp-filter name=\"VEVENT\"/>", "all events");
  }

  private List<Resource> report(String eventFilter, String what) {
    String body = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<C:calendar-query xmlns:D=\"DAV:\" xmlns:C=\""
        + CALDAV + "\"><D:prop><D:getetag/><C:calendar-data/></D:prop><C:filter><C:comp-filter name=\"VCALENDAR\">"
        + eventFilter + "</C:comp-filter></C:filter></C:calendar-query>";
    HttpResponse<String> r = send(request(settings.url()).header("Depth", "1")
        .header("Content-Type", "application/xml; charset=utf-8")
        .method("REPORT", HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)), "REPORT " + what);
    if (r.statusCode() != 207) {
      throw failure("REPORT " + what, r);
    }
    return parseMultistatus(r.body());
  }

  /** The resource of an id, if it exists. */
  public Optional<Resource> get(String id) {
    URI u = resourceOf(id);
    HttpResponse<String> r = send(request(u).GET(), "GET " + u);
    if (r.statusCode() == 404 || r.statusCode() == 410) {
      return Optional.empty();
    }
    if (r.statusCode() != 200) {
      throw failure("GET " + u, r);
    }
    return Optional.of(new Resource(u.getPath(), r.headers().firstValue("ETag").orElse(""), r.body()));
  }

  /** Creates the resource of an id; false when one exists already (412 to {@code If-None-Match: *}). */
  public boolean create(String id, String ics) {
    URI u = resourceOf(id);
    Sent sent = sendRetrying(request(u).header("If-None-Match", "*")
        .header("Content-Type", "text/calendar; charset=utf-8")
        .PUT(HttpRequest.BodyPublishers.ofString(ics, StandardCharsets.UTF_8)), "PUT " + u);
    HttpResponse<String> r = sent.response();
    if (r.statusCode() == 412) {
      // After a resend, 412 may be our own first attempt having been applied: then the resource holds this event.
      return sent.resent() && get(id).map(res -> sameEvents(res.calendarData(), ics)).orElse(false);
    }
    if (r.statusCode() != 201 && r.statusCode() != 204 && r.statusCode() != 200) {
      throw failure("PUT " + u, r);
    }
    return true;
  }

  private static boolean sameEvents(String a, String b) {
    try {
      return ICalendar.read(a, "server", ICalendar.FIELDS).events()
          .equals(ICalendar.read(b, "sent", ICalendar.FIELDS).events());
    } catch (RuntimeException e) {
      return false;
    }
  }

  /** Replaces the resource of an id; false when it does not exist (412 to {@code If-Match: *}). */
  public boolean replace(String id, String ics) {
    URI u = resourceOf(id);
    HttpResponse<String> r = send(request(u).header("If-Match", "*")
        .header("Content-Type", "text/calendar; charset=utf-8")
        .PUT(HttpRequest.BodyPublishers.ofString(ics, StandardCharsets.UTF_8)), "PUT " + u);
    if (r.statusCode() == 412 || r.statusCode() == 404) {
      return false;
    }
    if (r.statusCode() != 201 && r.statusCode() != 204 && r.statusCode() != 200) {
      throw failure("PUT " + u, r);
    }
    return true;
  }

  /** Deletes a resource by href or id; whether it existed. */
  public boolean delete(URI resource) {
    HttpResponse<String> r = send(request(resource).DELETE(), "DELETE " + resource);
    if (r.statusCode() == 404 || r.statusCode() == 410) {
      return false;
    }
    if (r.statusCode() / 100 != 2) {
      throw failure("DELETE " + resource, r);
    }
    return true;
  }

  /**
   * Asks whether the calendar is there (PROPFIND, depth 0): returns when it is; throws {@link Unavailable} when the
   * server cannot be reached or fails, a {@link StoreConfigurationException} when the calendar does not exist, a
   * {@link StoreException} for any other refusal (credentials).
   */
  public void probe() {
    HttpResponse<String> r = send(request(settings.url()).header("Depth", "0")
        .header("Content-Type", "application/xml; charset=utf-8")
        .method("PROPFIND", HttpRequest.BodyPublishers.ofString("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
            + "<D:propfind xmlns:D=\"DAV:\"><D:prop><D:resourcetype/></D:prop></D:propfind>", StandardCharsets.UTF_8)),
        "PROPFIND " + settings.url());
    if (r.statusCode() != 207) {
      throw failure("PROPFIND " + settings.url(), r);
    }
  }

  /** The URL of an href the server returned. */
  public URI resolve(String href) {
    return settings.url().resolve(href);
  }

  /** Creates the calendar collection (MKCALENDAR); false when it exists already. */
  public boolean makeCalendar() {
    HttpResponse<String> r = send(request(settings.url()).method("MKCALENDAR", HttpRequest.BodyPublishers.noBody()),
        "MKCALENDAR " + settings.url());
    if (r.statusCode() == 405 || r.statusCode() == 409 && r.body().contains("exist")) {
      return false;
    }
    if (r.statusCode() != 201) {
      throw failure("MKCALENDAR " + settings.url(), r);
    }
    return true;
  }

  private HttpRequest.Builder request(URI u) {
    HttpRequest.Builder b = HttpRequest.newBuilder(u).timeout(settings.timeout());
    if (settings.user().isPresent()) {
      String token = settings.user().get() + ":" + settings.password().orElse("");
      b.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(token.getBytes(StandardCharsets.UTF_8)));
    }
    return b;
  }

  private HttpResponse<String> send(HttpRequest.Builder b, String what) {
    return sendRetrying(b, what).response();
  }

  /** An answer, and whether the request had to be sent a second time. */
  private record Sent(HttpResponse<String> response, boolean resent) {}

  private Sent sendRetrying(HttpRequest.Builder b, String what) {
    HttpRequest request = b.build();
    try {
      try {
        return new Sent(http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)), false);
      } catch (IOException e) {
        // Radicale answers HTTP/1.0 and closes the connection, and the JDK client sometimes reuses such a pooled
        // connection: the request then fails before any byte of an answer. It is sent once more on a new connection
        // (a create that was applied after all is recognised by create()).
        if (e instanceof HttpTimeoutException || e instanceof ConnectException) {
          throw e;
        }
        return new Sent(http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)), true);
      }
    } catch (HttpConnectTimeoutException e) {
      throw new Unavailable("CalDAV server " + settings.url() + " did not accept a connection within "
          + settings.timeout().toMillis() + " ms (" + what + ")", "no connection within " + settings.timeout()
          .toMillis() + " ms", e);
    } catch (HttpTimeoutException e) {
      throw new Unavailable("CalDAV server " + settings.url() + " did not answer within "
          + settings.timeout().toMillis() + " ms (" + what + ")", "no answer within " + settings.timeout().toMillis()
          + " ms", e);
    } catch (ConnectException e) {
      throw new Unavailable("CalDAV server " + settings.url() + " is unreachable: connection refused (" + what + ")",
          "connection refused", e);
    } catch (IOException e) {
      throw new Unavailable("CalDAV server " + settings.url() + " is unreachable: " + e + " (" + what + ")",
          String.valueOf(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StoreException("interrupted while waiting for CalDAV server " + settings.url(), true, e);
    }
  }

  private StoreException failure(String what, HttpResponse<String> r) {
    int s = r.statusCode();
    if (s >= 500) {
      return new Unavailable("CalDAV server " + settings.url() + " failed: HTTP " + s + " to " + what, "HTTP " + s,
          null);
    }
    if (s == 401 || s == 403) {
      return new StoreException("CalDAV server " + settings.url() + " refused " + what + ": HTTP " + s
          + (settings.user().isPresent() ? " (check user and password)" : " (it needs credentials: set user and "
          + "password_env)"), false);
    }
    if (s == 404) {
      return new StoreConfigurationException("CalDAV calendar " + settings.url() + " does not exist (HTTP 404 to "
          + what + "): a configuration error; check the collection's caldav url in deja.yaml, or create the calendar");
    }
    return new StoreException("CalDAV server " + settings.url() + " answered HTTP " + s + " to " + what, false);
  }

  private List<Resource> parseMultistatus(String xml) {
    Document doc;
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setNamespaceAware(true);
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      f.setExpandEntityReferences(false);
      DocumentBuilder b = f.newDocumentBuilder();
      b.setErrorHandler(null);
      doc = b.parse(new InputSource(new StringReader(xml)));
    } catch (ParserConfigurationException | SAXException | IOException e) {
      throw new StoreException("CalDAV server " + settings.url() + " sent a multistatus that is not XML: "
          + e.getMessage(), false, e);
    }
    List<Resource> out = new ArrayList<>();
    NodeList responses = doc.getElementsByTagNameNS(DAV, "response");
    for (int i = 0; i < responses.getLength(); i++) {
      Element resp = (Element) responses.item(i);
      String href = text(resp, DAV, "href");
      NodeList propstats = resp.getElementsByTagNameNS(DAV, "propstat");
      for (int j = 0; j < propstats.getLength(); j++) {
        Element ps = (Element) propstats.item(j);
        String status = text(ps, DAV, "status");
        if (!status.contains(" 200")) {
          continue;
        }
        String data = text(ps, CALDAV, "calendar-data");
        if (!data.isBlank()) {
          out.add(new Resource(href, text(ps, DAV, "getetag"), data));
        }
      }
    }
    return out;
  }

  private static String text(Element e, String ns, String name) {
    NodeList l = e.getElementsByTagNameNS(ns, name);
    return l.getLength() == 0 ? "" : l.item(0).getTextContent();
  }

  private static String xml(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
