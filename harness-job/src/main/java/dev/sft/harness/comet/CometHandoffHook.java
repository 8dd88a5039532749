package dev.sft.harness.comet;

import dev.sft.harness.evidence.WriterFiles;
import dev.sft.harness.probe.NativeHandoff;
import dev.sft.harness.probe.ProbeSpec;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.spark.TaskContext;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;

/**
 * Comet 1.2.0's post-handoff failpoint ({@code CometIcebergWriteExec$.handoffFailpoint}), called on the task thread
 * right after the native writer hands its files over to the JVM and before Comet builds the commit message: the
 * native writer's "handoff". The hook is stateless and JVM-wide; it acts only inside a monitored write, whose
 * {@link ProbeSpec} arrives as the job's local property.
 */
public final class CometHandoffHook extends AbstractFunction1<Seq<String>, BoxedUnit> {
  static final String FAILPOINT_CLASS = "org.apache.spark.sql.comet.CometIcebergWriteExec$";
  static final String FAILPOINT_FIELD = "handoffFailpoint";

  /** Installs the hook in this JVM unless a hook is already there; false when this Comet has no such failpoint. */
  @SuppressWarnings("unchecked")
  public static boolean install() {
    try {
      Field field = Class.forName(FAILPOINT_CLASS).getDeclaredField(FAILPOINT_FIELD);
      field.setAccessible(true);
      AtomicReference<Object> failpoint = (AtomicReference<Object>) field.get(null);
      failpoint.compareAndSet(null, new CometHandoffHook());
      return failpoint.get() instanceof CometHandoffHook;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return false;
    }
  }

  @Override
  public BoxedUnit apply(Seq<String> locations) {
    TaskContext context = TaskContext.get();
    String encoded = context == null ? null : context.getLocalProperty(ProbeSpec.OPTION);
    if (encoded == null) {
      return BoxedUnit.UNIT;
    }
    List<String> files = new ArrayList<>();
    for (String location : CollectionConverters.asJava(locations)) {
      files.add(WriterFiles.localPath(location));
    }
    NativeHandoff.reached(ProbeSpec.fromOption(encoded), files);
    return BoxedUnit.UNIT;
  }
}
