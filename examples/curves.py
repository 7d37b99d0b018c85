"""A learning curve as an SVG picture, for the learning examples."""

from __future__ import annotations


def svg_curve(
    points: list[tuple[float, float]],
    title: str,
    *,
    x_label: str,
    baseline: str,
    intervals: list[tuple[float, float]] | None = None,
) -> str:
    """A line chart of (x, share of wins), the even half dashed and named
    ``baseline``; ``intervals``, one (low, high) a point, drawn as bars."""
    width, height, pad = 640, 360, 56
    most = max(x for x, _ in points) or 1

    def at(x: float, share: float) -> tuple[float, float]:
        return (
            pad + (width - 2 * pad) * x / most,
            height - pad - (height - 2 * pad) * share,
        )

    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in (at(s, w) for s, w in points))
    x0, y_half = at(0, 0.5)
    x1, _ = at(most, 0.5)
    ticks = []
    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        _, y = at(0, share)
        ticks.append(
            f'<text x="{pad - 8}" y="{y + 4:.1f}" text-anchor="end">{share:.0%}</text>'
        )
    bars = []
    for (x, _), (low, high) in zip(points, intervals or [], strict=False):
        bx, by0 = at(x, low)
        _, by1 = at(x, high)
        bars.append(
            f'<line x1="{bx:.1f}" y1="{by0:.1f}" x2="{bx:.1f}" y2="{by1:.1f}" '
            'stroke="#1f6feb" stroke-opacity="0.4" stroke-width="6"/>'
        )
    _, top = at(0, 1.0)
    _, bottom = at(0, 0.0)
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
            f'height="{height}" font-family="sans-serif" font-size="12">',
            '<rect width="100%" height="100%" fill="white"/>',
            f'<text x="{width / 2}" y="24" text-anchor="middle" '
            f'font-size="14">{title}</text>',
            f'<line x1="{pad}" y1="{top:.1f}" x2="{pad}" y2="{bottom:.1f}" '
            'stroke="black"/>',
            f'<line x1="{pad}" y1="{bottom:.1f}" x2="{width - pad}" '
            f'y2="{bottom:.1f}" stroke="black"/>',
            f'<line x1="{x0:.1f}" y1="{y_half:.1f}" x2="{x1:.1f}" '
            f'y2="{y_half:.1f}" stroke="gray" stroke-dasharray="6 4"/>',
            f'<text x="{x1:.1f}" y="{y_half - 6:.1f}" text-anchor="end" '
            f'fill="gray">{baseline}</text>',
            *ticks,
            *bars,
            f'<text x="{width / 2}" y="{height - 16}" text-anchor="middle">'
            f"{x_label}</text>",
            f'<polyline points="{line}" fill="none" stroke="#1f6feb" '
            'stroke-width="2"/>',
            *(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="#1f6feb"/>'
                for x, y in (at(s, w) for s, w in points)
            ),
            "</svg>",
            "",
        ]
    )
