package dev.sft.e2e.suite;

/**
 * Runs one sample a second on a daemon thread until closed. A sample that fails (an API hiccup) is lost, not fatal:
 * what the samplers look for lives for many seconds.
 */
final class Sampler implements AutoCloseable {
  private final Thread thread;
  private volatile boolean running = true;

  Sampler(String name, Runnable sample) {
    thread = new Thread(() -> {
      while (running) {
        try {
          sample.run();
        } catch (AssertionError | RuntimeException e) {
          // lost sample; the next one comes a second later
        }
        try {
          Thread.sleep(1000);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, name);
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void close() {
    running = false;
    thread.interrupt();
  }
}
