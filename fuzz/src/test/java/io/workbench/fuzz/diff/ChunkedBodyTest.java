package io.workbench.fuzz.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The harness's own reading of a chunked body and of the grammar the known differences check bytes against, both ways. */
class ChunkedBodyTest {

    private static ChunkedBody read(String body) {
        return ChunkedBody.read(body.getBytes(StandardCharsets.ISO_8859_1), 0);
    }

    @Test
    void aWholeBodyIsItsChunksItsTrailersAndItsEnd() {
        String text = "3;a=1\r\nabc\r\n00000000000000002\r\nde\r\n0\r\nX-A: 1\r\n\r\nGET";
        ChunkedBody body = read(text);
        assertEquals(ChunkedBody.Stop.COMPLETE, body.stop());
        assertEquals("abcde", body.body());
        assertEquals(List.of("X-A: 1"), body.trailers());
        assertEquals(text.length() - 3, body.end(), "just after the empty line");
        assertEquals(List.of("3", "00000000000000002", "0"), body.lines().stream().map(ChunkedBody.ChunkLine::digits).toList());
        assertEquals(BigInteger.TWO, body.lines().get(1).size(), "17 digits, and still 2");
        assertEquals(";a=1", body.lines().get(0).extension());
    }

    @Test
    void aSizeNoParserCanHoldIsThatSize() {
        ChunkedBody body = read("10000000000000001\r\nx\r\n0\r\n\r\n");
        assertEquals(new BigInteger("10000000000000001", 16), body.lines().getFirst().size());
        assertEquals(ChunkedBody.Stop.ENDED_IN_DATA, body.stop(), "2^64 + 1 bytes are not there: it never wraps to 1");
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "3\\r\\nab              | ENDED_IN_DATA",
            "3\\r\\nabc\\r           | ENDED_IN_DATA",
            "3                      | ENDED_IN_CHUNK_LINE",
            "0\\r\\nX-A: 1\\r\\n      | ENDED_IN_TRAILERS",
            "1\\nx\\r\\n0\\r\\n\\r\\n  | BAD_LINE_END",
            "1;a\\rb\\r\\nx\\r\\n      | BAD_LINE_END",
            "0\\r\\nX-A: 1\\n\\r\\n     | BAD_LINE_END",
            ";a\\r\\nx\\r\\n           | NO_SIZE",
            "1\\r\\nxy\\r\\n           | BAD_DATA_END",
            "1\\r\\nxy                | BAD_DATA_END"})
    void eachWayABodyStopsShort(String text, ChunkedBody.Stop stop) {
        assertEquals(stop, read(text.strip().translateEscapes()).stop());
    }

    @Test
    void isWhatIocoreReadWantsTheSameContentEndingAtTheSameByte() {
        ChunkedBody body = read("1\r\nx\r\n0\r\n\r\n");
        io.workbench.fuzz.ParsedMessage same = new io.workbench.fuzz.ParsedMessage("POST", "/", 0, "HTTP/1.1", List.of(), "x", 11, List.of());
        assertTrue(body.isWhatIocoreRead(same));
        assertFalse(body.isWhatIocoreRead(new io.workbench.fuzz.ParsedMessage("POST", "/", 0, "HTTP/1.1", List.of(), "y", 11, List.of())));
        assertFalse(body.isWhatIocoreRead(new io.workbench.fuzz.ParsedMessage("POST", "/", 0, "HTTP/1.1", List.of(), "x", 10, List.of())));
        assertFalse(read("1\r\nx\r\n0\r\n").isWhatIocoreRead(same), "a body that is not whole is nobody's reading");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ";a", ";a=1;b=2", " ;a", "\t; a = b", ";a=\"q\\\"x\"", ";a=\"\u00ff\"", ";a;b", ";a ;b"})
    void validChunkExtensions(String extension) {
        assertTrue(Grammar.isChunkExtension(extension), extension);
    }

    @ParameterizedTest
    @ValueSource(strings = {";", ";a b", ";a=", "a", ";a=\"unterminated", ";=1", ";a\u00ff", ";a=b c", ";a=\"\u0001\"", "; ;a", ";a=b\t", ";a ", " "})
    void invalidChunkExtensions(String extension) {
        assertFalse(Grammar.isChunkExtension(extension), extension);
    }

    @Test
    void aHighByteInAnExtensionIsSeenWhereverItIs() {
        assertTrue(new ChunkedBody.ChunkLine(0, "1", BigInteger.ONE, ";a=\"\u00ff\"").extensionHasHighByte());
        assertFalse(new ChunkedBody.ChunkLine(0, "1", BigInteger.ONE, ";a=b").extensionHasHighByte());
    }

    @Test
    void tokenLists() {
        for (String valid : List.of("close", "keep-alive, Upgrade", " a ,b", "a,,b")) {
            assertTrue(Grammar.isTokenList(valid), valid);
        }
        for (String invalid : List.of("", ",", "clo/se", "a b", "\"a\"", "a,\u000Bb")) {
            assertFalse(Grammar.isTokenList(invalid), invalid);
        }
    }
}
