package dev.sft.controller.status;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.crd.generator.annotation.SchemaFrom;
import io.fabric8.generator.annotation.Size;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The largest JSON a model class's bounds allow: every string at its {@code @Size} maximum, every list and map full,
 * every enum its longest constant, every number its type's largest; a field's {@code @SchemaFrom} class stands in for
 * its type, as for the CRD. A string, list or map without a bound is recorded in {@link #unbounded}.
 */
final class LargestValues {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private final KubernetesSerialization serialization;
  final List<String> unbounded = new ArrayList<>();

  LargestValues(KubernetesSerialization serialization) {
    this.serialization = serialization;
  }

  ObjectNode of(Class<?> schema) {
    return object(schema, "");
  }

  private ObjectNode object(Class<?> schema, String path) {
    ObjectNode node = NODES.objectNode();
    for (Field field : schema.getFields()) {
      if (Modifier.isStatic(field.getModifiers())) {
        continue;
      }
      SchemaFrom from = field.getAnnotation(SchemaFrom.class);
      Class<?> stand = from == null ? null : from.type().isArray() ? from.type().getComponentType() : from.type();
      node.set(field.getName(), value(field.getAnnotatedType(), field.getAnnotation(Size.class), stand,
          path + "." + field.getName()));
    }
    return node;
  }

  private JsonNode value(AnnotatedType type, Size size, Class<?> stand, String path) {
    Class<?> raw = raw(type);
    if (List.class.isAssignableFrom(raw)) {
      AnnotatedType element = argument(type, 0);
      ArrayNode list = NODES.arrayNode();
      for (long i = 0; i < count(size, path); i++) {
        list.add(value(element, element.getAnnotation(Size.class), stand, path + "[]"));
      }
      return list;
    }
    if (java.util.Map.class.isAssignableFrom(raw)) {
      AnnotatedType key = argument(type, 0);
      AnnotatedType entry = argument(type, 1);
      ObjectNode map = NODES.objectNode();
      long keyLength = key.getAnnotation(Size.class) == null ? count(null, path + " (keys)")
          : key.getAnnotation(Size.class).max();
      for (long i = 0; i < count(size, path); i++) {
        String distinct = Long.toString(i);
        map.set(distinct + "k".repeat((int) Math.max(0, keyLength - distinct.length())),
            value(entry, entry.getAnnotation(Size.class), stand, path + ".*"));
      }
      return map;
    }
    if (stand != null) {
      return stand.isEnum() ? longestConstant(stand) : object(stand, path);
    }
    if (raw == String.class || raw == Quantity.class) {
      return NODES.textNode("x".repeat((int) count(size, path)));
    }
    if (raw.isEnum()) {
      return longestConstant(raw);
    }
    if (raw == Integer.class || raw == int.class) {
      return NODES.numberNode(Integer.MAX_VALUE);
    }
    if (raw == Long.class || raw == long.class) {
      return NODES.numberNode(Long.MAX_VALUE);
    }
    if (raw == Boolean.class || raw == boolean.class) {
      return NODES.booleanNode(false);
    }
    return object(raw, path);
  }

  private long count(Size size, String path) {
    if (size == null || size.max() == Long.MAX_VALUE) {
      unbounded.add(path);
      return 1;
    }
    return size.max();
  }

  private JsonNode longestConstant(Class<?> type) {
    return Arrays.stream(type.getEnumConstants()).map(c -> serialization.convertValue(c, String.class))
        .max(Comparator.comparingInt(String::length)).map(NODES::textNode).orElseThrow();
  }

  private static Class<?> raw(AnnotatedType type) {
    return type.getType() instanceof Class<?> c ? c
        : (Class<?>) ((java.lang.reflect.ParameterizedType) type.getType()).getRawType();
  }

  private static AnnotatedType argument(AnnotatedType type, int index) {
    return ((AnnotatedParameterizedType) type).getAnnotatedActualTypeArguments()[index];
  }
}
