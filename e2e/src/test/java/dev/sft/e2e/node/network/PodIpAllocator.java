package dev.sft.e2e.node.network;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Hands out pod IPs from a loopback range (e.g. 127.0.100.0/22): every simulated pod gets an address of its own on
 * the host's loopback interface, so pods can bind the same ports, as they would on their own network namespaces.
 * Addresses are handed out round-robin, so a released address is not reused at once (its sockets may linger).
 */
public final class PodIpAllocator {
  private final String cidr;
  private final int base;
  private final int size;
  private final Map<String, Integer> byOwner = new HashMap<>();
  private final Set<Integer> inUse = new HashSet<>();
  private int cursor = 1;

  public PodIpAllocator(String cidr) {
    String[] parts = cidr.split("/");
    if (parts.length != 2) {
      throw new IllegalArgumentException("pod network '" + cidr + "' is not ADDRESS/PREFIX, e.g. 127.0.100.0/22");
    }
    int prefix = Integer.parseInt(parts[1]);
    if (prefix < 8 || prefix > 30) {
      throw new IllegalArgumentException("pod network '" + cidr + "': prefix must be between 8 and 30");
    }
    int address = toInt(parts[0]);
    if ((address >>> 24) != 127) {
      throw new IllegalArgumentException("pod network '" + cidr + "' is not in 127.0.0.0/8: simulated pods use "
          + "loopback addresses only");
    }
    int mask = -1 << (32 - prefix);
    if ((address & ~mask) != 0) {
      throw new IllegalArgumentException("pod network '" + cidr + "' has host bits set");
    }
    this.cidr = cidr;
    this.base = address;
    this.size = 1 << (32 - prefix);
  }

  /** The owner's address, allocating one on first call. */
  public synchronized String allocate(String owner) {
    Integer existing = byOwner.get(owner);
    if (existing != null) {
      return toText(base + existing);
    }
    // Offsets 0 and size-1 are the network and broadcast addresses of the range: left out, as on a real network.
    for (int tried = 0; tried < size - 2; tried++) {
      int offset = cursor;
      cursor = cursor + 1 >= size - 1 ? 1 : cursor + 1;
      if (inUse.add(offset)) {
        byOwner.put(owner, offset);
        return toText(base + offset);
      }
    }
    throw new IllegalStateException("pod network " + cidr + " is exhausted (" + inUse.size() + " addresses in use)");
  }

  public synchronized void release(String owner) {
    Integer offset = byOwner.remove(owner);
    if (offset != null) {
      inUse.remove(offset);
    }
  }

  synchronized int inUse() {
    return inUse.size();
  }

  static int toInt(String dotted) {
    String[] octets = dotted.split("\\.");
    if (octets.length != 4) {
      throw new IllegalArgumentException("'" + dotted + "' is not an IPv4 address");
    }
    int value = 0;
    for (String octet : octets) {
      int n = Integer.parseInt(octet);
      if (n < 0 || n > 255) {
        throw new IllegalArgumentException("'" + dotted + "' is not an IPv4 address");
      }
      value = value << 8 | n;
    }
    return value;
  }

  static String toText(int address) {
    return (address >>> 24) + "." + (address >>> 16 & 255) + "." + (address >>> 8 & 255) + "." + (address & 255);
  }
}
