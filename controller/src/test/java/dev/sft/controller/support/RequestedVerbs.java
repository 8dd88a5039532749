package dev.sft.controller.support;

import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * The RBAC verbs of the requests a mock API server has recorded on one resource, as the API server's authorizer names
 * them: GET of a name is get, of a collection list (watch with {@code watch=true}), POST create, PUT update, PATCH
 * patch, DELETE delete. Reading drains the server's record.
 */
public final class RequestedVerbs {
  private RequestedVerbs() {}

  public static Set<String> on(KubernetesMockServer server, String resource) {
    Set<String> verbs = new TreeSet<>();
    try {
      for (RecordedRequest request; (request = server.takeRequest(10, TimeUnit.MILLISECONDS)) != null; ) {
        String path = request.getPath();
        int query = path.indexOf('?');
        String[] segments = (query < 0 ? path : path.substring(0, query)).split("/");
        int at = indexOf(segments, resource);
        if (at >= 0) {
          verbs.add(verb(request.getMethod(), at < segments.length - 1, query >= 0 && path.contains("watch=true")));
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading the recorded requests", e);
    }
    return verbs;
  }

  private static int indexOf(String[] segments, String resource) {
    for (int i = 0; i < segments.length; i++) {
      if (segments[i].equals(resource)) {
        return i;
      }
    }
    return -1;
  }

  private static String verb(String method, boolean named, boolean watch) {
    return switch (method) {
      case "GET" -> watch ? "watch" : named ? "get" : "list";
      case "POST" -> "create";
      case "PUT" -> "update";
      case "PATCH" -> "patch";
      case "DELETE" -> named ? "delete" : "deletecollection";
      default -> throw new IllegalArgumentException("no RBAC verb for " + method);
    };
  }
}
