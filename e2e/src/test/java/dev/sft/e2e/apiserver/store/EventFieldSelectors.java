package dev.sft.e2e.apiserver.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The field selectors the API server supports on Events beyond {@code metadata.*} (the core/v1 Event's field label
 * conversion: {@code involvedObject.kind}, {@code .namespace}, {@code .name}, {@code .uid}, {@code .apiVersion},
 * {@code .resourceVersion}, {@code .fieldPath}, {@code reason}, {@code reportingComponent}, {@code source},
 * {@code type}), with {@code =}, {@code ==} and {@code !=}. The CRUD mock knows only {@code metadata.name} and
 * {@code metadata.namespace} and would match nothing on the others; a controller that selects its Events by object
 * (as a poll every few seconds should) would then see none. Lists only: a watch with these selectors is not served.
 */
final class EventFieldSelectors {
  private static final Pattern EVENTS = Pattern.compile("^/api/v1/(namespaces/[^/]+/)?events(\\?.*)?$");
  private static final Map<String, String> FIELDS = Map.ofEntries(
      Map.entry("involvedObject.kind", "/involvedObject/kind"),
      Map.entry("involvedObject.namespace", "/involvedObject/namespace"),
      Map.entry("involvedObject.name", "/involvedObject/name"),
      Map.entry("involvedObject.uid", "/involvedObject/uid"),
      Map.entry("involvedObject.apiVersion", "/involvedObject/apiVersion"),
      Map.entry("involvedObject.resourceVersion", "/involvedObject/resourceVersion"),
      Map.entry("involvedObject.fieldPath", "/involvedObject/fieldPath"),
      Map.entry("reason", "/reason"),
      Map.entry("reportingComponent", "/reportingComponent"),
      Map.entry("source", "/source/component"),
      Map.entry("type", "/type"));

  /** One requirement of a selector: field, value, and whether it must equal or differ. */
  record Term(String field, String value, boolean equal) {
    boolean matches(JsonNode event) {
      return equal == value.equals(event.at(FIELDS.get(field)).asText(""));
    }

    String render() {
      return field + (equal ? "=" : "!=") + value;
    }
  }

  /** A list path split into what the mock serves and the Event terms the stand-in applies to its answer. */
  record Split(String path, List<Term> terms) {}

  private EventFieldSelectors() {}

  static Split split(String path) {
    if (!EVENTS.matcher(path).matches() || !path.contains("fieldSelector=")) {
      return new Split(path, List.of());
    }
    int q = path.indexOf('?');
    Map<String, String> params = new LinkedHashMap<>();
    for (String pair : path.substring(q + 1).split("&")) {
      int eq = pair.indexOf('=');
      params.put(eq < 0 ? pair : pair.substring(0, eq),
          eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
    }
    List<Term> eventTerms = new ArrayList<>();
    List<String> rest = new ArrayList<>();
    for (String requirement : params.get("fieldSelector").split(",")) {
      boolean notEqual = requirement.contains("!=");
      String[] parts = requirement.split(notEqual ? "!=" : "==?", 2);
      if (parts.length == 2 && FIELDS.containsKey(parts[0].strip())) {
        eventTerms.add(new Term(parts[0].strip(), parts[1].strip(), !notEqual));
      } else {
        rest.add(requirement);
      }
    }
    if (rest.isEmpty()) {
      params.remove("fieldSelector");
    } else {
      params.put("fieldSelector", String.join(",", rest));
    }
    StringBuilder rebuilt = new StringBuilder(path.substring(0, q));
    String separator = "?";
    for (Map.Entry<String, String> param : params.entrySet()) {
      rebuilt.append(separator).append(param.getKey()).append('=')
          .append(URLEncoder.encode(param.getValue(), StandardCharsets.UTF_8));
      separator = "&";
    }
    return new Split(rebuilt.toString(), eventTerms);
  }

  /** The list body with only the events every term matches. */
  static String filter(String listJson, List<Term> terms) {
    ObjectNode list = (ObjectNode) Serialization.unmarshal(listJson, JsonNode.class);
    ArrayNode kept = list.putArray("items");
    Serialization.unmarshal(listJson, JsonNode.class).path("items").forEach(event -> {
      if (terms.stream().allMatch(term -> term.matches(event))) {
        kept.add(event);
      }
    });
    return list.toString();
  }
}
