package dev.sft.controller.status;

import io.fabric8.crd.generator.annotation.SchemaFrom;
import io.fabric8.generator.annotation.Size;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cuts an object in place to the {@code @Size} bounds its class declares, the same annotations the CRD's
 * {@code maxLength}, {@code maxItems} and {@code maxProperties} are generated from: a string keeps its first
 * characters and ends in an ellipsis, a list its first items, a map its first entries. A field whose schema comes from
 * another class ({@code @SchemaFrom}, e.g. a fabric8 condition) is cut to that class's bounds, read and written through
 * its bean accessors.
 */
public final class SchemaBounds {
  static final String ELLIPSIS = "…";

  private SchemaBounds() {}

  /** Cuts {@code value} to the bounds of {@code schema}'s fields; {@code value} is of {@code schema} or shaped like it. */
  public static void cut(Object value, Class<?> schema) {
    for (Field field : schema.getFields()) {
      if (Modifier.isStatic(field.getModifiers())) {
        continue;
      }
      Object property = read(value, field);
      if (property == null) {
        continue;
      }
      SchemaFrom from = field.getAnnotation(SchemaFrom.class);
      Class<?> elementSchema = from == null ? null : from.type().isArray() ? from.type().getComponentType()
          : from.type();
      Object cut = cutValue(property, field.getAnnotatedType(), field.getAnnotation(Size.class), elementSchema);
      if (cut != property) {
        write(value, field, cut);
      }
    }
  }

  /** Cuts a string to at most {@code max} characters (code points, as the API server counts them). */
  public static String cut(String text, long max) {
    if (text == null || text.codePointCount(0, text.length()) <= max) {
      return text;
    }
    return text.substring(0, text.offsetByCodePoints(0, (int) max - 1)) + ELLIPSIS;
  }

  /** @return the cut value, or the same instance when it was within bounds or is cut in place */
  private static Object cutValue(Object value, AnnotatedType type, Size size, Class<?> schema) {
    if (value instanceof String text) {
      return size == null ? text : cut(text, size.max());
    }
    if (value instanceof List<?> list) {
      AnnotatedType element = typeArgument(type, 0);
      Size elementSize = element == null ? null : element.getAnnotation(Size.class);
      long max = size == null ? Long.MAX_VALUE : size.max();
      List<Object> cut = new ArrayList<>();
      boolean changed = list.size() > max;
      for (Object item : list) {
        if (cut.size() == max) {
          break;
        }
        Object cutItem = item == null ? null : cutValue(item, element, elementSize, schema);
        changed |= cutItem != item;
        cut.add(cutItem);
      }
      return changed ? cut : list;
    }
    if (value instanceof Map<?, ?> map) {
      AnnotatedType key = typeArgument(type, 0);
      AnnotatedType entry = typeArgument(type, 1);
      Size keySize = key == null ? null : key.getAnnotation(Size.class);
      Size entrySize = entry == null ? null : entry.getAnnotation(Size.class);
      long max = size == null ? Long.MAX_VALUE : size.max();
      Map<Object, Object> cut = new LinkedHashMap<>();
      boolean changed = map.size() > max;
      for (Map.Entry<?, ?> e : map.entrySet()) {
        if (cut.size() == max) {
          break;
        }
        Object k = e.getKey() instanceof String text && keySize != null ? cut(text, keySize.max()) : e.getKey();
        Object v = e.getValue() == null ? null : cutValue(e.getValue(), entry, entrySize, schema);
        changed |= k != e.getKey() || v != e.getValue();
        cut.putIfAbsent(k, v);
      }
      return changed ? cut : map;
    }
    if (schema != null) {
      cut(value, schema);
    } else if (isModel(value.getClass())) {
      cut(value, value.getClass());
    }
    return value;
  }

  /** The classes of sft's own resource model, whose fields carry their bounds. */
  private static boolean isModel(Class<?> type) {
    return !type.isEnum() && type.getPackageName().startsWith("dev.sft.api");
  }

  private static AnnotatedType typeArgument(AnnotatedType type, int index) {
    return type instanceof AnnotatedParameterizedType parameterized
        ? parameterized.getAnnotatedActualTypeArguments()[index] : null;
  }

  private static Object read(Object value, Field field) {
    try {
      if (field.getDeclaringClass().isInstance(value)) {
        return field.get(value);
      }
      return value.getClass().getMethod("get" + capitalized(field.getName())).invoke(value);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read " + field.getName() + " of " + value.getClass(), e);
    }
  }

  private static void write(Object value, Field field, Object cut) {
    try {
      if (field.getDeclaringClass().isInstance(value)) {
        field.set(value, cut);
      } else {
        value.getClass().getMethod("set" + capitalized(field.getName()), field.getType()).invoke(value, cut);
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot write " + field.getName() + " of " + value.getClass(), e);
    }
  }

  private static String capitalized(String name) {
    return Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }
}
