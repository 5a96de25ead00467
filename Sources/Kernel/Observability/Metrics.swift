import Metrics
import NIOConcurrencyHelpers
import Prometheus
import Vapor

/// Prometheus metrics for the whole process. Vapor records `http_requests_total` and
/// the `http_request_duration_seconds` histogram by route and status; we add the
/// database pool's size and a ping-latency histogram.
public enum HromadaMetrics {
    /// The process-wide registry `/metrics` reads.
    public static let registry = PrometheusCollectorRegistry()

    private static let bootstrapped = NIOLockedValueBox(false)

    /// Installs the Prometheus backend for swift-metrics, once per process
    /// (the metrics system is global; tests build many applications).
    public static func bootstrap() {
        bootstrapped.withLockedValue { done in
            guard !done else { return }
            MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
            done = true
        }
    }

    static func recordPool(driver: String, connectionsPerLoop: Int, eventLoops: Int) {
        registry.makeGauge(
            descriptor: MetricNameDescriptor(namespace: "hromada", subsystem: "db_pool", metricName: "connections", unitName: "max", helpText: "Most database connections the pool opens (all event loops)"),
            labels: [("driver", driver)]
        ).set(to: Double(connectionsPerLoop * eventLoops))
    }

    static func recordPing(seconds: Double, healthy: Bool) {
        Timer(label: "hromada_db_ping_seconds").recordSeconds(seconds)
        registry.makeGauge(descriptor: MetricNameDescriptor(namespace: "hromada", subsystem: "db", metricName: "up", unitName: "", helpText: "1 when the last database ping succeeded"))
            .set(to: healthy ? 1 : 0)
    }

    static func render() -> String {
        registry.emitToString()
    }
}
