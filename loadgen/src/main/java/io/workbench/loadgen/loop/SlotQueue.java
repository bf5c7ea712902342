package io.workbench.loadgen.loop;

/**
 * Requests (their slots) waiting for a connection, first come first served, with room to put one
 * back at the front (a request sent again, not written before its connection closed, goes first).
 * A ring of ints that grows, doubling; owned by one loop's thread.
 */
final class SlotQueue {

    private int[] slots = new int[64];
    private int head;
    private int size;

    void addLast(int slot) {
        if (size == slots.length) {
            grow();
        }
        slots[(head + size) % slots.length] = slot;
        size++;
    }

    void addFirst(int slot) {
        if (size == slots.length) {
            grow();
        }
        head = (head - 1 + slots.length) % slots.length;
        slots[head] = slot;
        size++;
    }

    /** @return the first slot, removed; the queue must not be empty */
    int removeFirst() {
        if (size == 0) {
            throw new IllegalStateException("no request is waiting");
        }
        int slot = slots[head];
        head = (head + 1) % slots.length;
        size--;
        return slot;
    }

    /** @return the slot {@code index} places from the first (0: the first); the queue must hold more than {@code index} */
    int get(int index) {
        if (index >= size) {
            throw new IndexOutOfBoundsException(index + " of " + size);
        }
        return slots[(head + index) % slots.length];
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    private void grow() {
        int[] bigger = new int[slots.length * 2];
        for (int i = 0; i < size; i++) {
            bigger[i] = slots[(head + i) % slots.length];
        }
        slots = bigger;
        head = 0;
    }

    @Override
    public String toString() {
        return "SlotQueue[" + size + "]";
    }
}
