package io.workbench.loadgen.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Source binding: 127.0.0.x only towards a loopback target; anywhere else the kernel chooses. */
class SourceAddressesTest {

    private static InetAddress literal(String address) throws Exception {
        // A literal: getByName only parses it, no lookup, nothing sent.
        return InetAddress.getByName(address);
    }

    @Test
    void aLoopbackTargetGetsOneBindingPerSourceAddress() throws Exception {
        assertEquals(List.of("127.0.0.1", "127.0.0.2", "127.0.0.3"), SourceAddresses.forTarget(literal("127.0.0.1"), 3, "127.0.0.1"));
        assertEquals(List.of("127.0.0.1"), SourceAddresses.forTarget(literal("127.0.0.5"), 1, "127.0.0.5"));
    }

    @Test
    void aNonLoopbackTargetWithTheDefaultIsNotBound() throws Exception {
        assertEquals(List.of(), SourceAddresses.forTarget(literal("169.254.231.1"), 1, "169.254.231.1"));
        assertEquals(List.of(), SourceAddresses.forTarget(literal("::1"), 1, "[::1]"), "IPv6 loopback: no 127.0.0.x source");
        assertEquals(List.of(), SourceAddresses.forTarget(null, 1, "unresolved.example"));
    }

    @Test
    void moreThanOneSourceToANonLoopbackTargetIsRefusedNamingTheTarget() throws Exception {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> SourceAddresses.forTarget(literal("169.254.231.1"), 8, "169.254.231.1"));
        assertTrue(refused.getMessage().startsWith("--source-addresses 8: connections can be spread over 127.0.0.x only to an "
                + "IPv4 loopback target, not 169.254.231.1"), refused.getMessage());
    }

    @Test
    void theCountMustBeWithinRange() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> SourceAddresses.forTarget(literal("127.0.0.1"), 0, "127.0.0.1"));
        assertThrows(IllegalArgumentException.class, () -> SourceAddresses.forTarget(literal("127.0.0.1"), 255, "127.0.0.1"));
    }
}
