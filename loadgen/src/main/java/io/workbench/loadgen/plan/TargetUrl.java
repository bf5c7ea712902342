package io.workbench.loadgen.plan;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;

/**
 * The URL a run loads, taken apart once: where to connect, the request target (path and query)
 * and the Host field to send.
 *
 * @param url     as given
 * @param host    the host part, as given (sent in the Host field)
 * @param port    the port, 80 if none was given
 * @param target  the request target in origin form, {@code /} if the URL has no path
 */
public record TargetUrl(String url, String host, int port, String target) {

    /**
     * @throws IllegalArgumentException for anything but a plain {@code http://host[:port][/path][?query]}
     */
    public static TargetUrl parse(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException x) {
            throw new IllegalArgumentException("URL " + url + ": " + x.getMessage());
        }
        if (uri.getScheme() == null || !uri.getScheme().equalsIgnoreCase("http")) {
            throw new IllegalArgumentException("URL " + url + ": only http:// URLs are supported (the client speaks HTTP/1.1 without TLS)");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new IllegalArgumentException("URL " + url + ": no host");
        }
        if (uri.getRawFragment() != null) {
            throw new IllegalArgumentException("URL " + url + ": a fragment (#...) is never sent to a server; drop it");
        }
        int port = uri.getPort() == -1 ? 80 : uri.getPort();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        return new TargetUrl(url, uri.getHost(), port, target);
    }

    /** @return the Host field's value: {@code host:port}, or {@code host} for port 80 */
    public String hostField() {
        return port == 80 ? host : host + ":" + port;
    }

    /**
     * @return the {@code wait=N} (milliseconds) the URL asks the target to wait before it answers,
     *         as the workbench's targets read it, or -1 if it asks none
     */
    public long waitMillis() {
        int query = target.indexOf('?');
        if (query < 0) {
            return -1;
        }
        for (String pair : target.substring(query + 1).split("&")) {
            if (pair.startsWith("wait=")) {
                try {
                    return Long.parseLong(pair.substring("wait=".length()));
                } catch (NumberFormatException x) {
                    return -1;
                }
            }
        }
        return -1;
    }

    /** @throws UnknownHostException if the host does not resolve */
    public InetSocketAddress resolve() throws UnknownHostException {
        String name = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        return new InetSocketAddress(InetAddress.getByName(name), port);
    }
}
