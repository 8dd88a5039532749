package dev.sft.harness.comet;

import java.util.Map;
import org.apache.spark.api.plugin.DriverPlugin;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.PluginContext;
import org.apache.spark.api.plugin.SparkPlugin;

/**
 * Installs {@link CometHandoffHook} in every executor JVM as it starts (replacement executors included), so the
 * native writer's handoff is observable on any executor. Listed in {@code spark.plugins} for comet-native runs.
 */
public final class CometExecutorPlugin implements SparkPlugin {
  @Override
  public DriverPlugin driverPlugin() {
    return null;
  }

  @Override
  public ExecutorPlugin executorPlugin() {
    return new ExecutorPlugin() {
      @Override
      public void init(PluginContext context, Map<String, String> extraConf) {
        if (!CometHandoffHook.install()) {
          // No failpoint in this Comet: handoff evidence cannot be gathered, and the scenarios report that.
          System.err.println("sft: Comet's handoff failpoint " + CometHandoffHook.FAILPOINT_CLASS
              + CometHandoffHook.FAILPOINT_FIELD + " is not available in executor " + context.executorID());
        }
      }
    };
  }
}
