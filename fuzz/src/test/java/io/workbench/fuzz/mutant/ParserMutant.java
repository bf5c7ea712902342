package io.workbench.fuzz.mutant;

import io.workbench.fuzz.IocoreReader;
import io.workbench.fuzz.StreamOutcome;
import io.workbench.iocore.http.HttpParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * iocore's HTTP/1.1 parser with one deliberate bug, made from the current source of one of its
 * classes in this repository by one named edit (never a hand copy that drifts), compiled when the
 * test runs, and loaded beside the real one: a class loader of its own takes iocore's HTTP package
 * and {@link IocoreReader}'s from the edited class first, then from iocore's and the test's
 * classes, and the outcomes the differential compares (and everything else) from the test's own
 * loader. An edit whose lines
 * are no longer in the source, or are there more than once, fails loudly, naming the mutant.
 *
 * @param name   what the bug is called in reports
 * @param source the class edited, as a path under {@code iocore/src/main/java}
 * @param find   the lines to replace, exactly as they are in the source (indentation included)
 * @param edit   what replaces them; its comment starts with the bug's name
 */
public record ParserMutant(String name, String source, String find, String edit) {

    /** Where the tests run: the fuzz module; iocore's sources are beside it. */
    private static final Path IOCORE_SOURCES = Path.of("..", "iocore", "src", "main", "java");

    /** The edited source: {@link #find} replaced by {@link #edit}, once. */
    String editedSource() {
        String text;
        try {
            text = Files.readString(IOCORE_SOURCES.resolve(source));
        } catch (IOException x) {
            throw new UncheckedIOException("mutant " + name + ": cannot read " + source, x);
        }
        int at = text.indexOf(find);
        if (at < 0 || text.indexOf(find, at + 1) >= 0) {
            throw new IllegalStateException("mutant " + name + ": the lines it edits are " + (at < 0 ? "no longer" : "more than once") + " in " + source);
        }
        return text.substring(0, at) + edit + text.substring(at + find.length());
    }

    /** A reader of request streams with this mutant's parser: compiled once, then used for any number of streams. */
    public Reader compile(Path workDir) {
        try {
            Path sources = Files.createDirectories(workDir.resolve("src"));
            Path classes = Files.createDirectories(workDir.resolve("classes"));
            Path file = sources.resolve(Path.of(source).getFileName());
            Files.writeString(file, editedSource());
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            if (javac == null) {
                throw new IllegalStateException("mutant " + name + ": this JVM has no Java compiler (a JDK is needed, not a JRE)");
            }
            Path iocore = location(HttpParser.class);
            int status = javac.run(null, null, System.err, "-proc:none", "-nowarn", "-cp", iocore.toString(), "-d", classes.toString(), file.toString());
            if (status != 0) {
                throw new IllegalStateException("mutant " + name + ": the edited " + source + " does not compile (javac exit " + status + ")");
            }
            URL[] path = {classes.toUri().toURL(), iocore.toUri().toURL(), location(IocoreReader.class).toUri().toURL()};
            return new Reader(this, new MutantLoader(path, ParserMutant.class.getClassLoader()));
        } catch (IOException x) {
            throw new UncheckedIOException("mutant " + name, x);
        }
    }

    private static Path location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException x) {
            throw new IllegalStateException(x);
        }
    }

    /** Reads streams as {@link IocoreReader#requests(byte[])} does, with the mutant's parser. */
    public record Reader(ParserMutant mutant, ClassLoader loader) {

        public StreamOutcome read(byte[] stream) {
            try {
                Class<?> reader = loader.loadClass(IocoreReader.class.getName());
                if (reader == IocoreReader.class) {
                    throw new IllegalStateException("mutant " + mutant.name() + ": the reader came from the test's loader, with the real parser");
                }
                Object result = reader.getMethod("requests", byte[].class).invoke(null, (Object) stream);
                return (StreamOutcome) result.getClass().getMethod("outcome").invoke(result);
            } catch (InvocationTargetException x) {
                throw new IllegalStateException("mutant " + mutant.name() + " threw", x.getCause());
            } catch (ReflectiveOperationException x) {
                throw new IllegalStateException("mutant " + mutant.name(), x);
            }
        }
    }

    /**
     * Child first for iocore's HTTP package and for the package of the reader that drives it (the
     * reader uses its package-private neighbours), but for the outcomes the differential compares,
     * which come from the test's loader so that both sides hold the same classes.
     */
    private static final class MutantLoader extends URLClassLoader {
        private static final String HTTP = "io.workbench.iocore.http.";
        private static final String READER = IocoreReader.class.getPackageName() + ".";
        private static final List<String> SHARED = List.of(StreamOutcome.class.getName(), io.workbench.fuzz.ParsedMessage.class.getName());

        MutantLoader(URL[] path, ClassLoader parent) {
            super(path, parent);
        }

        private static boolean own(String name) {
            if (name.startsWith(HTTP)) {
                return true;
            }
            boolean inReadersPackage = name.startsWith(READER) && name.indexOf('.', READER.length()) < 0;
            return inReadersPackage && SHARED.stream().noneMatch(shared -> name.equals(shared) || name.startsWith(shared + "$"));
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!own(name)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded == null) {
                    loaded = findClass(name);
                }
                if (resolve) {
                    resolveClass(loaded);
                }
                return loaded;
            }
        }
    }

    @Override
    public String toString() {
        return name;
    }

    /** @return {@code text} as a stream of bytes, one per char */
    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }
}
