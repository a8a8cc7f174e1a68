package dev.deja.server;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;

/**
 * Where the route groups ({@link AdminRoutes}, {@link CollectionRoutes}, …) register their routes; {@link HttpApi}
 * runs every handler through the same admission, metrics and error path.
 */
interface RouteTable {
  /** A route's work; any exception it throws becomes the one error shape. */
  @FunctionalInterface
  interface Handler {
    void handle(Context ctx) throws Exception;
  }

  /** Registers {@code path} (Javalin's syntax), documented and metered as {@code template}. */
  void add(HandlerType method, String path, String template, Handler h);

  default void get(String path, Handler h) {
    add(HandlerType.GET, path, path, h);
  }

  default void post(String path, Handler h) {
    add(HandlerType.POST, path, path, h);
  }

  default void delete(String path, Handler h) {
    add(HandlerType.DELETE, path, path, h);
  }
}
