#!/usr/bin/env python3
"""Measure the ELIG-4 distance against 60-digit arithmetic and hold it to PROTOCOL.md's bound.

Usage:  python3 Scripts/check_distance.py [--count N] [--seed S]

The form PROTOCOL.md prescribes (jobwirelib.distance_km, the one the scripts share; the example
adapters write the same form) is evaluated in double precision on random pairs of positions and compared with the exact
distance of the same double inputs, computed by mpmath at 60 significant digits from the
chords between the two points as unit vectors, a third formula sharing no step with the others.
Pairs come in five classes: uniform on the sphere, near-antipodal and near-identical (the second
point moved off the first's antipode, or off the first, by 10^-k degrees, k uniform in 0 ... 12),
exact antipodes of random points, and fixed edge cases (poles, lng ±180, the antimeridian).

The table gives, per class, the largest error of the prescribed form and, for the record, of
Vincenty's spherical formula and of the former 2R·asin(√a), which loses up to 0.27 m near the
antipodes. Exit status 1 when the prescribed form's largest error exceeds BOUND_KM, the bound
PROTOCOL.md states, and 2 when mpmath is not installed.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from typing import Callable, Iterator

from jobwirelib import EARTH_RADIUS_KM, DISTANCE_TOLERANCE_KM, distance_km

try:
    import mpmath
except ImportError:
    print("check_distance.py needs mpmath: pip install -r Scripts/requirements-test.txt", file=sys.stderr)
    sys.exit(2)

BOUND_KM = 1e-10  # PROTOCOL.md ELIG-4: the form's error bound in double precision
Pair = tuple[float, float, float, float]


def exact_km(lat1: float, lng1: float, lat2: float, lng2: float) -> mpmath.mpf:
    """The distance of the double inputs as given, from |P1 − P2| and |P1 + P2| at 60 digits."""
    to_rad = mpmath.pi / 180

    def unit(lat: float, lng: float) -> tuple[mpmath.mpf, mpmath.mpf, mpmath.mpf]:
        phi, lam = mpmath.mpf(lat) * to_rad, mpmath.mpf(lng) * to_rad
        return mpmath.cos(phi) * mpmath.cos(lam), mpmath.cos(phi) * mpmath.sin(lam), mpmath.sin(phi)

    p, q = unit(lat1, lng1), unit(lat2, lng2)
    chord = mpmath.sqrt(sum((a - b) ** 2 for a, b in zip(p, q)))
    other = mpmath.sqrt(sum((a + b) ** 2 for a, b in zip(p, q)))
    return 2 * EARTH_RADIUS_KM * mpmath.atan2(chord, other)


def asin_km(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    """The form ELIG-4 prescribed before: 2R·asin(√min(1, a)), with a summed as one number."""
    phi1, phi2 = math.radians(lat1), math.radians(lat2)
    d_phi, d_lambda = math.radians(lat2 - lat1), math.radians(lng2 - lng1)
    a = math.sin(d_phi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(d_lambda / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(min(1.0, a)))


def vincenty_km(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    """Vincenty's spherical formula: another well-conditioned form, for comparison."""
    phi1, phi2, d_lambda = math.radians(lat1), math.radians(lat2), math.radians(lng2 - lng1)
    y = math.hypot(math.cos(phi2) * math.sin(d_lambda),
                   math.cos(phi1) * math.sin(phi2) - math.sin(phi1) * math.cos(phi2) * math.cos(d_lambda))
    x = math.sin(phi1) * math.sin(phi2) + math.cos(phi1) * math.cos(phi2) * math.cos(d_lambda)
    return EARTH_RADIUS_KM * math.atan2(y, x)


FORMS: dict[str, Callable[[float, float, float, float], float]] = {
    "prescribed": distance_km,
    "vincenty": vincenty_km,
    "asin (former)": asin_km,
}


def wrap(lat: float, lng: float) -> tuple[float, float]:
    """A position in range: latitude clamped to ±90, longitude wrapped into -180 ... 180."""
    lat = max(-90.0, min(90.0, lat))
    if lng > 180:
        lng -= 360
    elif lng < -180:
        lng += 360
    return lat, lng


def classes(rng: random.Random, count: int) -> Iterator[tuple[str, list[Pair]]]:
    def point() -> tuple[float, float]:
        return math.degrees(math.asin(rng.uniform(-1, 1))), rng.uniform(-180, 180)

    def moved(lat: float, lng: float) -> tuple[float, float]:
        offset = 10 ** -rng.uniform(0, 12)
        return wrap(lat + rng.uniform(-offset, offset), lng + rng.uniform(-offset, offset))

    def antipode(lat: float, lng: float) -> tuple[float, float]:
        return wrap(-lat, lng + 180)

    yield "uniform", [point() + point() for _ in range(count)]
    yield "near-antipodal", [(p := point()) + moved(*antipode(*p)) for _ in range(count)]
    yield "near-identical", [(p := point()) + moved(*p) for _ in range(count)]
    yield "antipodal", [(p := point()) + antipode(*p) for _ in range(count)]
    edges: list[Pair] = [
        (90, 0, -90, 0), (90, -180, -90, 180), (0, 0, 0, 180), (0, 180, 0, -180), (0, 179.9, 0, -179.9),
        (90, 10, 90, -120), (-90, -45, -90, 170), (89.9, 0, -89.9, 0), (2.5, 10, -2.5, -170),
        (0, 0, 1e-6, 179.999999), (-33.8688, 151.2093, 33.8687999, -28.7907), (0, 0, 5e-324, 0),
        (40.4168, -3.7038, -40.4168, 176.2962), (0, 0, 0, 0), (-16.8, 180, -16.8, -180),
    ]
    yield "edge cases", edges


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000, help="pairs per random class (default 2000)")
    parser.add_argument("--seed", type=int, default=4, help="random seed (default 4)")
    args = parser.parse_args()
    mpmath.mp.dps = 60

    rng = random.Random(args.seed)
    overall = {name: 0.0 for name in FORMS}
    worst_pair: Pair | None = None
    total = 0
    print(f"largest |error| in km against 60-digit arithmetic (seed {args.seed}):")
    print(f"  {'class':<16} {'pairs':>6}" + "".join(f" {name:>14}" for name in FORMS))
    for name, pairs in classes(rng, args.count):
        worst = {form: 0.0 for form in FORMS}
        for pair in pairs:
            exact = exact_km(*pair)
            for form, function in FORMS.items():
                error = float(abs(mpmath.mpf(function(*pair)) - exact))
                if error > worst[form]:
                    worst[form] = error
                    if form == "prescribed" and error > overall[form]:
                        worst_pair = pair
                overall[form] = max(overall[form], error)
        total += len(pairs)
        print(f"  {name:<16} {len(pairs):>6}" + "".join(f" {worst[form]:>14.3g}" for form in FORMS))
    print(f"  {'all':<16} {total:>6}" + "".join(f" {overall[form]:>14.3g}" for form in FORMS))
    largest = overall["prescribed"]
    if largest > BOUND_KM:
        print(f"the prescribed form is off by {largest:.3g} km at {worst_pair}, above its bound of "
              f"{BOUND_KM:g} km", file=sys.stderr)
        return 1
    print(f"ok: the prescribed form stays within {largest:.3g} km, under its bound of {BOUND_KM:g} km "
          f"and {DISTANCE_TOLERANCE_KM / BOUND_KM:,.0f} times under the {DISTANCE_TOLERANCE_KM:g} km tolerance "
          f"(worst at {worst_pair})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
