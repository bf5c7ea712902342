package io.workbench.fuzz.diff;

/**
 * The few rules of RFC 9110 and RFC 9112 that known differences check bytes against, written from
 * the RFCs' ABNF: tokens, lists of tokens, chunk extensions.
 */
final class Grammar {

    private Grammar() {
    }

    /** tchar (RFC 9110 section 5.6.2). */
    static boolean isTokenChar(int c) {
        return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
    }

    /** @return whether {@code s} is a token: {@code 1*tchar} */
    static boolean isToken(String s) {
        return !s.isEmpty() && s.chars().allMatch(Grammar::isTokenChar);
    }

    /** @return whether {@code value} is {@code #token}: tokens separated by commas, with optional whitespace, empty elements allowed (RFC 9110 section 5.6.1) */
    static boolean isTokenList(String value) {
        boolean any = false;
        for (String element : value.split(",", -1)) {
            String trimmed = element.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            if (!isToken(trimmed) || !element.replaceAll("^[ \\t]*|[ \\t]*$", "").equals(trimmed)) {
                return false;
            }
            any = true;
        }
        return any;
    }

    /**
     * @return whether {@code ext} is {@code *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] )},
     *         chunk-ext-name a token and chunk-ext-val a token or a quoted-string (RFC 9112 section 7.1.1)
     */
    static boolean isChunkExtension(String ext) {
        int at = 0;
        int n = ext.length();
        while (true) {
            if (at == n) {
                return true;
            }
            // BWS only before a ";": whitespace after the last extension, before the CRLF, is outside the grammar.
            at = whitespace(ext, at);
            if (at == n || ext.charAt(at) != ';') {
                return false;
            }
            at = whitespace(ext, at + 1);
            int name = at;
            while (at < n && isTokenChar(ext.charAt(at))) {
                at++;
            }
            if (at == name) {
                return false;
            }
            int afterName = at;
            at = whitespace(ext, at);
            if (at < n && ext.charAt(at) == '=') {
                at = whitespace(ext, at + 1);
                if (at < n && ext.charAt(at) == '"') {
                    at = quotedStringEnd(ext, at);
                    if (at < 0) {
                        return false;
                    }
                } else {
                    int value = at;
                    while (at < n && isTokenChar(ext.charAt(at))) {
                        at++;
                    }
                    if (at == value) {
                        return false;
                    }
                }
            } else {
                at = afterName;
            }
        }
    }

    /**
     * @return whether {@code ext}, a chunk extension in the grammar, has whitespace between a token
     *         value and the {@code ;} after it ({@code ;a=b ;c}): BWS the grammar allows
     */
    static boolean hasWhitespaceAfterATokenValue(String ext) {
        StringBuilder unquoted = new StringBuilder();
        for (int at = 0; at < ext.length(); at++) {
            if (ext.charAt(at) == '"') {
                int end = quotedStringEnd(ext, at);
                if (end < 0) {
                    return false;
                }
                unquoted.append("\"\"");
                at = end - 1;
            } else {
                unquoted.append(ext.charAt(at));
            }
        }
        return TOKEN_VALUE_THEN_WHITESPACE.matcher(unquoted).find();
    }

    private static final java.util.regex.Pattern TOKEN_VALUE_THEN_WHITESPACE =
            java.util.regex.Pattern.compile("=[ \t]*[-!#$%&'*+.^_`|~0-9A-Za-z]+[ \t]+;");

    private static int whitespace(String s, int at) {
        while (at < s.length() && (s.charAt(at) == ' ' || s.charAt(at) == '\t')) {
            at++;
        }
        return at;
    }

    /** @return the index after the quoted-string that starts at {@code at} (a DQUOTE), or -1 if it is not one (RFC 9110 section 5.6.4) */
    private static int quotedStringEnd(String s, int at) {
        for (int i = at + 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') {
                return i + 1;
            }
            if (c == '\\') {
                if (i + 1 == s.length()) {
                    return -1;
                }
                char quoted = s.charAt(++i);
                if (!(quoted == '\t' || quoted == ' ' || quoted >= 0x21 && quoted != 0x7F)) {
                    return -1;
                }
            } else if (!(c == '\t' || c == ' ' || c == 0x21 || c >= 0x23 && c <= 0x5B || c >= 0x5D && c <= 0x7E || c >= 0x80 && c <= 0xFF)) {
                return -1;
            }
        }
        return -1;
    }
}
