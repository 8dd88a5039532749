package dev.sft.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Records column by column, dense enough that the summaries of every cell of a driver run's largest operation matrix
 * fit a termination message. Neighbouring rows repeat most values (cells of one scenario, counts of one repeat), so
 * each field becomes one column of runs: a run is a value, or {@code [count, value]} for a value repeated
 * {@code count} times (a value that is an array is always such a run). A field holding an object (a record, a map)
 * becomes one column per field of it, named {@code field.inner}.
 *
 * <ul>
 *   <li>Whole-number columns are stored as they are, or as differences to the previous value when that is shorter
 *       ({@code {"delta": runs}}): repetition numbers 1, 2, 3, ... become one run of 1s.
 *   <li>Text columns are stored relative to the previous value ({@code {"text": runs}}): {@code "+"} is the previous
 *       value with its last number plus one ({@code ...-r1}, {@code ...-r2}), {@code "K:rest"} the previous value's
 *       first K characters followed by {@code rest}.
 *   <li>A column equal to an earlier one names it ({@code {"same": "orphanFiles"}}).
 * </ul>
 *
 * Every field of the record is a column under its JSON name, so a field added to the record travels without a change
 * here; a caller names the fields it leaves out (derived ones, or ones the reader does not need).
 */
final class RowColumns {
  static final String COUNT = "count";
  private static final String DELTA = "delta";
  private static final String TEXT = "text";
  private static final String SAME = "same";
  private static final String NEXT_NUMBER = "+";
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private RowColumns() {}

  static ObjectNode encode(List<?> rows, ObjectMapper mapper, Set<String> omitted) {
    Map<String, List<JsonNode>> columns = new LinkedHashMap<>();
    for (int i = 0; i < rows.size(); i++) {
      ObjectNode row = mapper.valueToTree(rows.get(i));
      omitted.forEach(row::remove);
      Map<String, JsonNode> flat = new LinkedHashMap<>();
      flatten("", row, flat);
      for (Map.Entry<String, JsonNode> field : flat.entrySet()) {
        List<JsonNode> column = columns.computeIfAbsent(field.getKey(), k -> new ArrayList<>());
        while (column.size() < i) {
          column.add(NODES.nullNode());
        }
        column.add(field.getValue());
      }
    }
    ObjectNode encoded = NODES.objectNode();
    encoded.put(COUNT, rows.size());
    Map<List<JsonNode>, String> seen = new LinkedHashMap<>();
    columns.forEach((name, values) -> {
      while (values.size() < rows.size()) {
        values.add(NODES.nullNode());
      }
      String earlier = seen.putIfAbsent(values, name);
      encoded.set(name, earlier != null ? NODES.objectNode().put(SAME, earlier) : column(values));
    });
    return encoded;
  }

  /**
   * Each object field's fields under {@code prefix + name + "."}; nulls are left out, as absent. A map's keys may hold
   * dots themselves (a finding's rule does), so each name is escaped first.
   */
  private static void flatten(String prefix, ObjectNode object, Map<String, JsonNode> flat) {
    for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext(); ) {
      Map.Entry<String, JsonNode> field = fields.next();
      String name = escape(field.getKey());
      if (field.getValue().isObject()) {
        flatten(prefix + name + ".", (ObjectNode) field.getValue(), flat);
      } else if (!field.getValue().isNull()) {
        flat.put(prefix + name, field.getValue());
      }
    }
  }

  /** Sets {@code a.b.c} in {@code row}, making the objects on the way. */
  private static void unflatten(ObjectNode row, String name, JsonNode value) {
    String[] path = name.split("\\.");
    ObjectNode node = row;
    for (int i = 0; i < path.length - 1; i++) {
      JsonNode inner = node.get(unescape(path[i]));
      node = inner instanceof ObjectNode object ? object : node.putObject(unescape(path[i]));
    }
    node.set(unescape(path[path.length - 1]), value);
  }

  private static String escape(String name) {
    return name.replace("%", "%25").replace(".", "%2E");
  }

  private static String unescape(String name) {
    return name.replace("%2E", ".").replace("%25", "%");
  }

  static <T> List<T> decode(JsonNode encoded, ObjectMapper mapper, Class<T> type) {
    int count = encoded.path(COUNT).asInt(-1);
    if (count < 0) {
      throw new IllegalArgumentException("columns without a count");
    }
    List<ObjectNode> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      rows.add(NODES.objectNode());
    }
    for (Iterator<Map.Entry<String, JsonNode>> fields = encoded.fields(); fields.hasNext(); ) {
      Map.Entry<String, JsonNode> field = fields.next();
      if (field.getKey().equals(COUNT)) {
        continue;
      }
      JsonNode column = field.getValue();
      if (column.has(SAME)) {
        column = encoded.path(column.get(SAME).asText());
      }
      List<JsonNode> values = values(column);
      if (values.size() != count) {
        throw new IllegalArgumentException("column '" + field.getKey() + "' has " + values.size()
            + " values for " + count + " rows");
      }
      for (int i = 0; i < count; i++) {
        if (!values.get(i).isNull()) {
          unflatten(rows.get(i), field.getKey(), values.get(i));
        }
      }
    }
    List<T> decoded = new ArrayList<>();
    for (ObjectNode row : rows) {
      decoded.add(mapper.convertValue(row, type));
    }
    return decoded;
  }

  private static JsonNode column(List<JsonNode> values) {
    if (values.stream().allMatch(v -> v.isNull() || v.isTextual())) {
      ObjectNode text = NODES.objectNode();
      text.set(TEXT, runs(relativeText(values)));
      return text;
    }
    ArrayNode plain = runs(values);
    if (values.stream().allMatch(JsonNode::canConvertToLong) && values.stream().allMatch(JsonNode::isIntegralNumber)) {
      ObjectNode delta = NODES.objectNode();
      delta.set(DELTA, runs(differences(values)));
      if (delta.toString().length() < plain.toString().length()) {
        return delta;
      }
    }
    return plain;
  }

  private static List<JsonNode> values(JsonNode column) {
    if (column.isArray()) {
      return expand(column);
    }
    if (column.has(DELTA)) {
      List<JsonNode> values = new ArrayList<>();
      long previous = 0;
      for (JsonNode difference : expand(column.get(DELTA))) {
        previous += difference.asLong();
        values.add(NODES.numberNode(previous));
      }
      return values;
    }
    if (column.has(TEXT)) {
      List<JsonNode> values = new ArrayList<>();
      String previous = "";
      for (JsonNode element : expand(column.get(TEXT))) {
        if (element.isNull()) {
          values.add(NODES.nullNode());
          continue;
        }
        previous = fromPrevious(previous, element.asText());
        values.add(NODES.textNode(previous));
      }
      return values;
    }
    throw new IllegalArgumentException("unknown column form " + column);
  }

  private static ArrayNode runs(List<JsonNode> values) {
    ArrayNode runs = NODES.arrayNode();
    for (int i = 0; i < values.size(); ) {
      int end = i + 1;
      while (end < values.size() && values.get(end).equals(values.get(i))) {
        end++;
      }
      // A value that is itself an array (a list of rules) always goes in a run, so it never reads as one.
      if (end - i == 1 && !values.get(i).isArray()) {
        runs.add(values.get(i));
      } else {
        runs.add(NODES.arrayNode().add(end - i).add(values.get(i)));
      }
      i = end;
    }
    return runs;
  }

  private static List<JsonNode> expand(JsonNode runs) {
    List<JsonNode> values = new ArrayList<>();
    for (JsonNode run : runs) {
      if (run.isArray()) {
        for (int n = 0; n < run.get(0).asInt(); n++) {
          values.add(run.get(1));
        }
      } else {
        values.add(run);
      }
    }
    return values;
  }

  private static List<JsonNode> differences(List<JsonNode> values) {
    List<JsonNode> differences = new ArrayList<>();
    long previous = 0;
    for (JsonNode value : values) {
      differences.add(NODES.numberNode(value.asLong() - previous));
      previous = value.asLong();
    }
    return differences;
  }

  /** Each text relative to the previous non-null text; nulls stay null. */
  private static List<JsonNode> relativeText(List<JsonNode> values) {
    List<JsonNode> relative = new ArrayList<>();
    String previous = "";
    for (JsonNode value : values) {
      if (value.isNull()) {
        relative.add(value);
        continue;
      }
      String text = value.asText();
      relative.add(NODES.textNode(Objects.equals(nextNumber(previous), text) ? NEXT_NUMBER : prefixed(previous, text)));
      previous = text;
    }
    return relative;
  }

  private static String prefixed(String previous, String text) {
    int common = 0;
    while (common < previous.length() && common < text.length() && previous.charAt(common) == text.charAt(common)) {
      common++;
    }
    return common + ":" + text.substring(common);
  }

  private static String fromPrevious(String previous, String element) {
    if (element.equals(NEXT_NUMBER)) {
      String next = nextNumber(previous);
      if (next == null) {
        throw new IllegalArgumentException("'+' after a text that ends in no number: " + previous);
      }
      return next;
    }
    int colon = element.indexOf(':');
    int common = colon < 0 ? -1 : Integer.parseInt(element.substring(0, colon));
    if (common < 0 || common > previous.length()) {
      throw new IllegalArgumentException("bad text element '" + element + "' after '" + previous + "'");
    }
    return previous.substring(0, common) + element.substring(colon + 1);
  }

  /** The text with its trailing number plus one ({@code a-r9} to {@code a-r10}), or null when it ends in none. */
  private static String nextNumber(String text) {
    int start = text.length();
    while (start > 0 && Character.isDigit(text.charAt(start - 1))) {
      start--;
    }
    if (start == text.length() || text.length() - start > 9) {
      return null;
    }
    return text.substring(0, start) + (Long.parseLong(text.substring(start)) + 1);
  }
}
