package dev.sft.api;

/**
 * The ports the Spark and harness images listen on. They are facts of the image, not of the controller: the child
 * names ({@link Names#masterUrl}) and the pods the controller renders both rely on them, so they live beside the
 * names in the resource's contract; the rest of the image's layout (paths, scripts) stays with the pods that use it.
 */
public final class ImagePorts {
  public static final int MASTER_PORT = 7077;
  public static final int MASTER_UI_PORT = 8080;
  public static final int WORKER_UI_PORT = 8081;
  /** Fixed so the NetworkPolicy and executors can reach the client-mode driver in the harness pod. */
  public static final int DRIVER_PORT = 7078;
  public static final int DRIVER_BLOCK_MANAGER_PORT = 7079;

  private ImagePorts() {}
}
