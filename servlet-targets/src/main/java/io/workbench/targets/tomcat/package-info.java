/** {@code tomcat}: the shared servlet on Tomcat 11 embedded, one NIO connector. */
package io.workbench.targets.tomcat;
