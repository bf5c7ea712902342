package io.workbench.stress.build;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes the stress module's mutants at build time: each one is the current source of one of
 * iocore's classes with one small named edit, so a change to a machine changes its mutants, and an
 * edit that no longer applies stops the build with the mutant's name.
 *
 * <p>Each machine has one edit script, {@code src/main/mutants/<Machine>.mutants}:
 * <pre>
 *   # comment lines start with '#'
 *   machine  IteratingCallback                             the name in the catalog
 *   class    io.workbench.iocore.callback.IteratingCallback the class to copy, from iocore's sources
 *   driver   io.workbench.stress.callback.RealCallback      the stress class that drives the real class (repeatable)
 *   package  io.workbench.stress.callback.mutant            where the copies go, one sub-package each
 *
 *   every copy                  edits every copy needs to compile outside iocore (control included; usually none)
 *   mutant LOST_WAKEUP_ON_IDLE  the edits of one mutant, named as its bug enum constant
 *   &lt;&lt;&lt;&lt; find
 *   (the exact source lines to replace: they must occur exactly once)
 *   ==== replace
 *   (the lines that take their place)
 *   &gt;&gt;&gt;&gt;
 * </pre>
 * A mutant may hold several such edits; they apply in order, each to the text the one before it
 * left.
 *
 * <p>For the control and for each mutant the generator writes, into {@code <package>.control} or
 * {@code <package>.<bug in lower case>}:
 * <ul>
 *   <li>the class: its edits applied, then its package line changed and an on-demand import of its
 *       original package added, so that it still finds the public classes beside it. Nothing else
 *       changes: the class keeps its name, its members and their access, so the copy of a
 *       package-private class is package-private in its own package;</li>
 *   <li>each driver: the stress class that drives the real class, its package line changed, an
 *       on-demand import of its own package added, and every mention of the real class's full
 *       name (imports, string literals) replaced by the copy's. The same code therefore drives
 *       the real class and every copy.</li>
 * </ul>
 *
 * <p>Only the JDK is used, so the build runs this file as it is ({@code java MutantGenerator.java
 * <scripts> <machine sources> <driver sources> <output>}) before compiling the module.
 */
public final class MutantGenerator {

    /** The sub-package of the copy without an edit. */
    public static final String CONTROL = "control";

    private static final String FIND = "<<<< find";
    private static final String REPLACE = "==== replace";
    private static final String END = ">>>>";
    private static final Pattern NAME = Pattern.compile("[A-Z][A-Z0-9_]*");

    private MutantGenerator() {
    }

    /**
     * The package the copies of a machine go to: {@code <base>.control} for the control ({@code bug}
     * null), {@code <base>.<bug in lower case>} for a mutant.
     */
    public static String copyPackage(String base, String bug) {
        return base + "." + (bug == null ? CONTROL : bug.toLowerCase(Locale.ROOT));
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            System.err.println("usage: MutantGenerator <scripts dir> <machine source root> <driver source root> <output dir>");
            System.exit(2);
        }
        Path scripts = Path.of(args[0]);
        Path machineSources = Path.of(args[1]);
        Path driverSources = Path.of(args[2]);
        Path out = Path.of(args[3]);
        try {
            int written = generateAll(scripts, machineSources, driverSources, out);
            System.out.println("MutantGenerator: wrote " + written + " copies from " + scripts + " into " + out);
        } catch (EditFailure e) {
            System.err.println("[ERROR] MutantGenerator: " + e.getMessage());
            System.exit(1);
        }
    }

    /** Generates the copies of every script in {@code scripts} into a cleaned {@code out}. @return how many copies */
    public static int generateAll(Path scripts, Path machineSources, Path driverSources, Path out) throws IOException {
        deleteTree(out);
        List<Path> files;
        try (Stream<Path> list = Files.list(scripts)) {
            files = list.filter(p -> p.getFileName().toString().endsWith(".mutants")).sorted().toList();
        }
        int written = 0;
        List<String> failures = new ArrayList<>();
        for (Path file : files) {
            try {
                written += generate(file, machineSources, driverSources, out);
            } catch (EditFailure e) {
                failures.add(e.getMessage());
            }
        }
        if (!failures.isEmpty()) {
            throw new EditFailure(String.join("\n", failures));
        }
        return written;
    }

    /** Writes the copies of one script. @return how many */
    private static int generate(Path file, Path machineSources, Path driverSources, Path out) throws IOException {
        Script script = Script.parse(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
        Path source = machineSources.resolve(script.className().replace('.', '/') + ".java");
        if (!Files.isRegularFile(source)) {
            throw new EditFailure(script.machine() + ": the class to copy is not at " + source);
        }
        Map<String, String> drivers = new LinkedHashMap<>();
        for (String driver : script.drivers()) {
            Path path = driverSources.resolve(driver.replace('.', '/') + ".java");
            if (!Files.isRegularFile(path)) {
                throw new EditFailure(script.machine() + ": the driver is not at " + path);
            }
            drivers.put(driver, Files.readString(path, StandardCharsets.UTF_8));
        }
        int written = 0;
        for (Map.Entry<String, String> copy : script.copies(Files.readString(source, StandardCharsets.UTF_8), drivers).entrySet()) {
            Path target = out.resolve(copy.getKey().replace('.', '/') + ".java");
            Files.createDirectories(target.getParent());
            Files.writeString(target, copy.getValue(), StandardCharsets.UTF_8);
            written++;
        }
        return written;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** An edit that does not apply, or a script that does not parse; the message starts with what it concerns. */
    public static final class EditFailure extends RuntimeException {
        public EditFailure(String message) {
            super(message);
        }
    }

    /** One edit: lines to find, exactly once, and the lines that replace them. */
    public record Edit(List<String> find, List<String> replace) {

        public Edit {
            find = List.copyOf(find);
            replace = List.copyOf(replace);
        }

        /**
         * @param text the text to edit
         * @param who  what the edit belongs to, for the message if it does not apply
         * @return the text with the edit applied
         * @throws EditFailure if the lines to find occur nowhere or more than once
         */
        public String apply(String text, String who) {
            List<String> lines = text.lines().toList();
            List<Integer> at = new ArrayList<>();
            for (int i = 0; i + find.size() <= lines.size(); i++) {
                if (lines.subList(i, i + find.size()).equals(find)) {
                    at.add(i);
                }
            }
            if (at.isEmpty()) {
                throw new EditFailure(who + ": the lines to find are not in the source any more:\n" + String.join("\n", find));
            }
            if (at.size() > 1) {
                throw new EditFailure(who + ": the lines to find occur " + at.size() + " times (at lines "
                        + at.stream().map(i -> String.valueOf(i + 1)).toList() + "); make them unique:\n" + String.join("\n", find));
            }
            List<String> edited = new ArrayList<>(lines.subList(0, at.get(0)));
            edited.addAll(replace);
            edited.addAll(lines.subList(at.get(0) + find.size(), lines.size()));
            return String.join("\n", edited) + "\n";
        }
    }

    /**
     * One machine's edit script, parsed.
     *
     * @param machine     the machine's name in the catalog
     * @param className   the full name of the class to copy
     * @param drivers     the full names of the stress classes that drive it
     * @param packageName the package under which each copy gets its sub-package
     * @param everyCopy   the edits every copy gets (to compile in another package)
     * @param mutants     each mutant's edits, by bug name, in script order
     */
    public record Script(String machine, String className, List<String> drivers, String packageName,
                         List<Edit> everyCopy, Map<String, List<Edit>> mutants) {

        /** Parses the script named {@code name} (for messages). */
        public static Script parse(String name, String text) {
            String machine = null;
            String className = null;
            String packageName = null;
            List<String> drivers = new ArrayList<>();
            List<Edit> everyCopy = new ArrayList<>();
            Map<String, List<Edit>> mutants = new LinkedHashMap<>();
            List<Edit> current = null;
            String section = null;
            List<String> lines = text.lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                String where = name + ":" + (i + 1);
                if (line.equals(FIND)) {
                    if (current == null) {
                        throw new EditFailure(where + ": an edit before any 'every copy' or 'mutant' line");
                    }
                    List<String> find = new ArrayList<>();
                    List<String> replace = new ArrayList<>();
                    List<String> into = find;
                    boolean ended = false;
                    for (i++; i < lines.size(); i++) {
                        String body = lines.get(i);
                        if (body.equals(REPLACE) && into == find) {
                            into = replace;
                        } else if (body.equals(END) && into == replace) {
                            ended = true;
                            break;
                        } else {
                            into.add(body);
                        }
                    }
                    if (!ended) {
                        throw new EditFailure(where + ": " + section + ": an edit needs '" + REPLACE + "' and '" + END + "' after its '" + FIND + "'");
                    }
                    if (find.isEmpty() || find.stream().allMatch(String::isBlank)) {
                        throw new EditFailure(where + ": " + section + ": an edit must find at least one line that is not blank");
                    }
                    if (find.equals(replace)) {
                        throw new EditFailure(where + ": " + section + ": an edit that changes nothing");
                    }
                    current.add(new Edit(find, replace));
                    continue;
                }
                String trimmed = line.strip();
                if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                    continue;
                }
                String[] words = trimmed.split("\\s+", 2);
                String value = words.length > 1 ? words[1].strip() : "";
                switch (words[0]) {
                    case "machine" -> machine = value;
                    case "class" -> className = value;
                    case "driver" -> drivers.add(value);
                    case "package" -> packageName = value;
                    case "every" -> {
                        if (!value.equals("copy")) {
                            throw new EditFailure(where + ": expected 'every copy'");
                        }
                        section = "every copy";
                        current = everyCopy;
                    }
                    case "mutant" -> {
                        if (!NAME.matcher(value).matches() || value.toLowerCase(Locale.ROOT).equals(CONTROL)) {
                            throw new EditFailure(where + ": a mutant is named as its bug enum constant, not '" + value + "'");
                        }
                        if (mutants.containsKey(value)) {
                            throw new EditFailure(where + ": mutant " + value + " twice");
                        }
                        section = "mutant " + value;
                        current = new ArrayList<>();
                        mutants.put(value, current);
                    }
                    default -> throw new EditFailure(where + ": what is '" + words[0] + "'?");
                }
            }
            if (machine == null || className == null || packageName == null) {
                throw new EditFailure(name + ": a script names its machine, class and package");
            }
            for (Map.Entry<String, List<Edit>> mutant : mutants.entrySet()) {
                if (mutant.getValue().isEmpty()) {
                    throw new EditFailure(name + ": mutant " + mutant.getKey() + " has no edit");
                }
            }
            return new Script(machine, className, List.copyOf(drivers), packageName, List.copyOf(everyCopy), mutants);
        }

        /** The package of the control ({@code bug} null) or of one mutant. */
        public String packageOf(String bug) {
            return copyPackage(packageName, bug);
        }

        /**
         * The copies of this script: the control and each mutant, each the class and its drivers.
         *
         * @param source  the source of the class to copy
         * @param drivers the source of each driver, by full name
         * @return each copy's source by the full name it is written under
         */
        public Map<String, String> copies(String source, Map<String, String> drivers) {
            Map<String, String> copies = new LinkedHashMap<>();
            List<String> failures = new ArrayList<>();
            Map<String, List<Edit>> all = new LinkedHashMap<>();
            all.put(null, List.of());
            all.putAll(mutants);
            // Every copy is tried, so that one build names every mutant whose edits no longer apply.
            all.forEach((bug, edits) -> {
                try {
                    copy(bug, edits, source, drivers, copies);
                } catch (EditFailure e) {
                    failures.add(e.getMessage());
                }
            });
            if (!failures.isEmpty()) {
                throw new EditFailure(String.join("\n", failures));
            }
            return copies;
        }

        private void copy(String bug, List<Edit> edits, String source, Map<String, String> drivers, Map<String, String> copies) {
            String who = bug == null ? "the control copy of " + machine : "mutant " + machine + "/" + bug;
            String text = source;
            int number = 0;
            int count = everyCopy.size() + edits.size();
            for (Edit edit : everyCopy) {
                text = edit.apply(text, who + ", edit " + ++number + " of " + count + " (every copy)");
            }
            for (Edit edit : edits) {
                text = edit.apply(text, who + ", edit " + ++number + " of " + count);
            }
            String target = packageOf(bug);
            String simple = simpleName(className);
            String header = "// Generated at build time from " + className + " by " + MutantGenerator.class.getSimpleName()
                    + (bug == null ? ", without an edit (the control copy)" : ", with the edits of mutant " + bug)
                    + " in src/main/mutants/" + machine + ".mutants. Do not edit: edit the script.\n";
            copies.put(target + "." + simple, header + repackage(who, text, packageOfClass(className), target));
            for (Map.Entry<String, String> driver : drivers.entrySet()) {
                String renamed = driver.getValue().replaceAll(Pattern.quote(className) + "\\b", target + "." + simple);
                String copied = "// Generated at build time from " + driver.getKey() + " by " + MutantGenerator.class.getSimpleName()
                        + ": it drives " + (bug == null ? "the control copy" : "mutant " + bug) + " as it drives the real class.\n"
                        + repackage(who, renamed, packageOfClass(driver.getKey()), target);
                copies.put(target + "." + simpleName(driver.getKey()), copied);
            }
        }

        private static String repackage(String who, String text, String from, String to) {
            String line = "package " + from + ";";
            List<String> lines = new ArrayList<>(text.lines().toList());
            int at = lines.indexOf(line);
            if (at < 0) {
                throw new EditFailure(who + ": no line '" + line + "' to move the copy into " + to);
            }
            lines.set(at, "package " + to + ";");
            lines.add(at + 1, "");
            lines.add(at + 2, "import " + from + ".*;");
            return String.join("\n", lines) + "\n";
        }

        private static String packageOfClass(String className) {
            return className.substring(0, className.lastIndexOf('.'));
        }

        private static String simpleName(String className) {
            return className.substring(className.lastIndexOf('.') + 1);
        }
    }
}
