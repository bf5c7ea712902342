package io.workbench.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The cards in docs/servlet-targets.md are the code's: the page holds exactly what
 * {@code ./workbench target --cards} prints, between its markers. When a card changes, run
 * {@code ./workbench target --cards} and paste its output between the markers.
 */
class CardsDocumentationTest {

    private static final Path PAGE = Path.of("..", "docs", "servlet-targets.md");

    @Test
    void thePageHoldsTheCardsTheCodeGenerates() throws Exception {
        String page = Files.readString(PAGE);
        Optional<String> difference = GeneratedSection.CARDS.firstDifference(page, TargetCommand.cardsMarkdown());
        assertTrue(difference.isEmpty(), () -> "docs/servlet-targets.md is not what ./workbench target --cards prints: "
                + difference.orElseThrow());
    }

    /** The check, both ways: equal passes; a changed line, a missing one, an extra one and missing markers fail, saying which. */
    @Test
    void theCheckNamesTheFirstLineThatDiffersOrTheMissingMarkers() {
        GeneratedSection section = new GeneratedSection("<!-- b -->", "<!-- e -->");
        List<String> generated = List.of("| a |", "| b |");
        String page = "intro\n<!-- b -->\n| a |\n| b |\n<!-- e -->\nafter\n";
        assertEquals(Optional.empty(), section.firstDifference(page, generated));
        assertEquals(Optional.of("line 4 of the page is\n  | B |\nwhere the code generates\n  | b |"),
                section.firstDifference(page.replace("| b |", "| B |"), generated));
        assertEquals(Optional.of("line 4 of the page is\n  (nothing)\nwhere the code generates\n  | b |"),
                section.firstDifference(page.replace("| b |\n", ""), generated));
        List<String> shorter = new ArrayList<>(generated.subList(0, 1));
        assertEquals(Optional.of("line 4 of the page is\n  | b |\nwhere the code generates\n  (nothing)"),
                section.firstDifference(page, shorter));
        assertTrue(section.firstDifference(page.replace("<!-- e -->", ""), generated).orElseThrow().startsWith("the markers are missing"));
        assertTrue(section.firstDifference("<!-- e -->\n<!-- b -->\n", generated).orElseThrow().startsWith("the markers are missing"));
    }
}
