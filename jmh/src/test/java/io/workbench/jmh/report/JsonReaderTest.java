package io.workbench.jmh.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonReaderTest {

    @Test
    void readsEveryKindOfValue() {
        Object value = JsonReader.read("""
                 { "a" : [1, -2.5, 3e2, 0.125E-1, true, false, null, "x"],
                   "nested" : {"empty": {}, "none": []} }
                """);
        Map<?, ?> object = (Map<?, ?>) value;
        assertEquals(List.of(1.0, -2.5, 300.0, 0.0125, true, false), ((List<?>) object.get("a")).subList(0, 6));
        assertNull(((List<?>) object.get("a")).get(6));
        assertEquals("x", ((List<?>) object.get("a")).get(7));
        Map<?, ?> nested = (Map<?, ?>) object.get("nested");
        assertEquals(Map.of(), nested.get("empty"));
        assertEquals(List.of(), nested.get("none"));
    }

    @Test
    void decodesEscapes() {
        assertEquals("q\" b\\ s/ \n\t\r\b\f é", JsonReader.read("\"q\\\" b\\\\ s\\/ \\n\\t\\r\\b\\f \\u00e9\""));
    }

    @Test
    void keepsMembersInDocumentOrder() {
        Map<?, ?> object = (Map<?, ?>) JsonReader.read("{\"z\":1,\"a\":2,\"m\":3}");
        assertEquals(List.of("z", "a", "m"), List.copyOf(object.keySet()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "01", "1.", "-", "tru", "\"open",
            "\"bad \\x escape\"", "[1] 2", "{a:1}", "\"\\u12\""})
    void rejectsMalformedText(String text) {
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, () -> JsonReader.read(text));
        assertTrue(thrown.getMessage().startsWith("not valid JSON at offset"), thrown.getMessage());
    }
}
