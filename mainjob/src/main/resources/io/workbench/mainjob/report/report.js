// Draws report.html's charts with uPlot from the JSON embedded in the page. After each chart is
// drawn its element gets data-rendered, data-points (how many values it plots) and data-plotted
// (what it plots, read back from uPlot's own data: a distribution's value at the 99th percentile
// per series, a timeline's one-second intervals), so a headless browser can check what the charts
// show against the run's files.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f", "#d62728"];
  var width = function (el) { return Math.max(600, Math.min(1240, el.clientWidth || 1000)); };

  function count(arrays) {
    var n = 0;
    arrays.forEach(function (a) { a.forEach(function (v) { if (v !== null && v !== undefined) n++; }); });
    return n;
  }

  function mark(el, plot, points, plotted) {
    el.setAttribute("data-rendered", "true");
    el.setAttribute("data-points", String(points));
    el.setAttribute("data-series", String(plot.series.length - 1));
    el.setAttribute("data-plotted", JSON.stringify(plotted(plot)));
  }

  // A distribution's series as plotted: each label with its value at x = 100 (the 99th percentile), or null.
  function plottedPercentiles(plot) {
    var at = plot.data[0].indexOf(100);
    return plot.series.slice(1).map(function (s, i) {
      var v = at < 0 ? null : plot.data[i + 1][at];
      return { label: s.label, p99: v === undefined ? null : v };
    });
  }

  // A timeline as plotted: its one-second intervals with responses (the points with a p99), the first and last.
  function plottedIntervals(plot) {
    var n = 0, first = null, last = null;
    plot.data[1].forEach(function (v, i) {
      if (v !== null && v !== undefined) { n++; if (first === null) first = plot.data[0][i]; last = plot.data[0][i]; }
    });
    return { intervals: n, first: first, last: last };
  }

  // A chart's element by its place in the data: a chart is never looked up by a target's id, which may be anything
  // (and which the HTML parser changes, turning a CR LF in an attribute into LF).
  function chart(kind, index) {
    return document.querySelector('.chart[data-chart="' + kind + "-" + index + '"]');
  }

  function percentileLabel(x) {
    if (x <= 1) return "0%";
    var p = 100 * (1 - 1 / x);
    return parseFloat(p.toFixed(4)) + "%";
  }

  data.distributions.forEach(function (d, index) {
    var el = chart("distribution", index);
    if (!el) return;
    var series = [{ label: "percentile", value: function (u, v) { return v == null ? "" : percentileLabel(v); } }];
    var columns = [d.x];
    d.series.forEach(function (s, i) {
      series.push({ label: s.label, stroke: palette[i % palette.length], width: 2, spanGaps: false,
        value: function (u, v) { return v == null ? "" : v.toFixed(3) + " ms"; } });
      columns.push(s.y);
    });
    var last = 0;
    d.series.forEach(function (s) { s.y.forEach(function (v, i) { if (v !== null) last = Math.max(last, i); }); });
    var draw = function (logLatency) {
      return new uPlot({
        title: d.scenario + ": latency by percentile (best valid repetition of each target)",
        width: width(el), height: 380,
        scales: { x: { time: false, distr: 3, range: function () { return [1, d.x[last]]; } }, y: { distr: logLatency ? 3 : 1 } },
        axes: [
          // One tick per decade of 1/(1-p): 0%, 90%, 99%, 99.9%... as HdrHistogram's plotter labels them.
          { label: "percentile (1/(1-p), log scale)", values: function (u, ticks) { return ticks.map(percentileLabel); },
            splits: function (u) { var s = []; for (var x = 1; x <= u.scales.x.max * 1.0001; x *= 10) s.push(x); return s; } },
          { label: logLatency ? "latency ms (log)" : "latency ms", size: 70 }
        ],
        series: series
      }, columns, el);
    };
    var plot = draw(false);
    // A linear latency axis, as HdrHistogram's plotter draws it; one slow target can flatten the others, so a log axis on demand.
    var toggle = document.createElement("label");
    toggle.className = "toggle";
    toggle.innerHTML = '<input type="checkbox"> log latency axis';
    el.parentNode.insertBefore(toggle, el);
    toggle.firstChild.addEventListener("change", function (e) {
      plot.destroy(); plot = draw(e.target.checked); mark(el, plot, count(columns.slice(1)), plottedPercentiles);
    });
    mark(el, plot, count(columns.slice(1)), plottedPercentiles);
  });

  data.timelines.forEach(function (t, index) {
    var el = chart("timeline", index);
    if (!el) return;
    var columns = [t.t, t.p99, t.max, t.rate, t.pause];
    var labels = {
      id: "run labels",
      hooks: {
        draw: [function (u) {
          var ctx = u.ctx;
          ctx.save();
          ctx.font = (11 * devicePixelRatio) + "px sans-serif";
          ctx.fillStyle = "rgba(0,0,0,0.45)";
          ctx.strokeStyle = "rgba(0,0,0,0.15)";
          t.runs.forEach(function (r, i) {
            var x0 = u.valToPos(r.start, "x", true);
            var x1 = u.valToPos(r.end, "x", true);
            ctx.beginPath();
            ctx.moveTo(x0, u.bbox.top);
            ctx.lineTo(x0, u.bbox.top + u.bbox.height);
            ctx.stroke();
            ctx.fillText(r.label, x0 + 3, u.bbox.top + 12 * devicePixelRatio * (1 + (i % 3)));
            if (x1 > x0) {
              ctx.fillStyle = i % 2 ? "rgba(0,0,0,0.03)" : "rgba(0,0,0,0.0)";
              ctx.fillRect(x0, u.bbox.top, x1 - x0, u.bbox.height);
              ctx.fillStyle = "rgba(0,0,0,0.45)";
            }
          });
          ctx.restore();
        }]
      }
    };
    var plot = new uPlot({
      title: t.target + ": latency, rate and GC pauses over time",
      width: width(el), height: 360,
      plugins: [labels],
      scales: { x: { time: true }, ms: { distr: 3 }, rate: {} },
      axes: [
        {},
        { scale: "ms", label: "latency ms (log)", size: 70 },
        { scale: "rate", side: 1, label: "responses/s", size: 80, grid: { show: false } }
      ],
      series: [
        {},
        { label: "p99 ms", scale: "ms", stroke: "#1f77b4", width: 1.5, spanGaps: true },
        { label: "max ms", scale: "ms", stroke: "#9467bd", width: 1, spanGaps: true },
        { label: "responses/s", scale: "rate", stroke: "#2ca02c", width: 1, spanGaps: true },
        { label: "GC pause ms", scale: "ms", stroke: "#d62728", width: 0, paths: function () { return null; },
          points: { show: true, size: 7, fill: "#d62728" } }
      ]
    }, columns, el);
    mark(el, plot, count(columns.slice(1)), plottedIntervals);
  });
})();
