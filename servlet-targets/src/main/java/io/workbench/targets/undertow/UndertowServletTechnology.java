package io.workbench.targets.undertow;

import io.undertow.server.HttpServerExchange;
import io.undertow.servlet.Servlets;
import io.undertow.servlet.api.DeploymentInfo;
import io.undertow.servlet.api.DeploymentManager;
import io.undertow.servlet.spec.HttpServletRequestImpl;
import io.undertow.servlet.util.ImmediateInstanceFactory;
import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.CellFacts;
import io.workbench.targets.server.RunningServer;
import io.workbench.targets.server.TargetSettings;
import io.workbench.targets.servlet.ContainerStamps;
import io.workbench.targets.servlet.HelloServlet;
import io.workbench.targets.servlet.ServletContainer;
import jakarta.servlet.http.HttpServletRequest;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@code undertow}: Undertow 2.3's servlet container (a {@link DeploymentInfo} in a servlet
 * container of its own) running the one {@link HelloServlet}, mapped to {@code /*} with async
 * support, on the XNIO worker of {@link UndertowServers}. Servlet requests run on the XNIO worker
 * pool (10,000 workers for the blocking strategies, 100 for the asynchronous ones); for
 * {@code virtual} the deployment's executor is a virtual thread per request.
 */
public final class UndertowServletTechnology extends ServletContainer {

    /**
     * Undertow ends the exchange of an asynchronous request whose connection closed (the client went
     * away, a write timed out) without calling its servlet listeners: the exchange's own completion
     * listener hears it. It also runs at the normal end of every response, which counts nothing twice.
     */
    static void watchExchangeEnd(HttpServletRequest request, Runnable ended) {
        HttpServerExchange exchange = ((HttpServletRequestImpl) request).getExchange();
        if (exchange.isComplete()) {
            ended.run();
            return;
        }
        exchange.addExchangeCompleteListener((complete, next) -> {
            ended.run();
            next.proceed();
        });
    }

    /** Undertow's request start time ({@link UndertowServers#TRACE_FIRST_READ}), or 0 if it recorded none. */
    static long requestStartTime(HttpServletRequest request) {
        long start = ((HttpServletRequestImpl) request).getExchange().getRequestStartTime();
        return start == -1 ? 0 : start;
    }

    public UndertowServletTechnology() {
        super("undertow", "Undertow 2.3 servlet deployment (DeploymentInfo) running the shared HelloServlet",
                "XNIO worker pool, at most " + TargetSettings.BLOCKING_MAX_THREADS,
                "the deployment's executor, a virtual thread per request",
                "XNIO worker pool, at most " + TargetSettings.ASYNC_MAX_THREADS);
    }

    @Override
    public String traceFirstRead() {
        return UndertowServers.TRACE_FIRST_READ;
    }

    @Override
    public CellFacts facts(Strategy strategy) {
        return UndertowServers.facts(strategy);
    }

    @Override
    public RunningServer start(TargetSettings settings, HelloService hello) throws Exception {
        UndertowServers.routeLogging();
        ExecutorService virtual = settings.strategy().onVirtualThreads()
                ? Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("undertow-virtual-", 0).factory())
                : null;
        HelloServlet servlet = new HelloServlet(hello, UndertowServletTechnology::watchExchangeEnd,
                new ContainerStamps(UndertowServletTechnology::requestStartTime, true));
        DeploymentInfo deployment = Servlets.deployment()
                .setClassLoader(UndertowServletTechnology.class.getClassLoader())
                .setContextPath("/")
                .setDeploymentName("hello")
                .addServlet(Servlets.servlet("hello", HelloServlet.class, new ImmediateInstanceFactory<>(servlet))
                        .addMapping("/*")
                        .setAsyncSupported(true));
        if (virtual != null) {
            deployment.setExecutor(virtual);
            deployment.setAsyncExecutor(virtual);
        }
        // A container of its own, not Servlets.defaultContainer(): targets in one JVM (the tests) stay apart.
        DeploymentManager manager = Servlets.newContainer().addDeployment(deployment);
        Runnable onClose = () -> {
            try {
                manager.stop();
                manager.undeploy();
            } catch (Exception failed) {
                throw new IllegalStateException("the Undertow deployment did not stop cleanly", failed);
            } finally {
                if (virtual != null) {
                    virtual.shutdownNow();
                }
            }
        };
        try {
            manager.deploy();
            var root = manager.start();
            return UndertowServers.start(settings, hello, "undertow", worker -> root, onClose);
        } catch (Exception | Error failed) {
            if (virtual != null) {
                virtual.shutdownNow();
            }
            throw failed;
        }
    }
}
