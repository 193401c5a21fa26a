"""blurhash_encode.py — the BlurHash of a picture, as Element and Cinny put it in `info["xyz.amorgan.blurhash"]`.

    python blurhash_encode.py FILE [COMPONENTS_X COMPONENTS_Y]    prints the hash of FILE's pixels as they are

The algorithm of the reference implementation (woltapp/blurhash, and the `blurhash` PyPI package, whose hashes the
tests compare against), on Pillow's pixels; no other dependency. The peer (peer.py) encodes a copy shrunk to at most
`PEER_SIDE` pixels a side first, as Element encodes its small thumbnail rather than the photo: pure Python is slow.
"""
import math
import sys

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~"
PEER_SIDE = 64


def base83(value, length):
    return "".join(ALPHABET[(value // 83 ** (length - 1 - index)) % 83] for index in range(length))


def to_linear(value):
    value /= 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def to_srgb(value):
    value = max(0.0, min(1.0, value))
    if value <= 0.0031308:
        return int(value * 12.92 * 255 + 0.5)
    return int((1.055 * value ** (1 / 2.4) - 0.055) * 255 + 0.5)


def signed_power(value, exponent):
    return math.copysign(abs(value) ** exponent, value)


def encode(image, components_x=4, components_y=3):
    """The hash of a Pillow `image` (any mode; alpha dropped) with components_x × components_y components (1…9)."""
    if not (1 <= components_x <= 9 and 1 <= components_y <= 9):
        raise ValueError(f"BlurHash components must be 1…9, not {components_x}×{components_y}")
    rgb = image.convert("RGB")
    width, height = rgb.size
    table = [to_linear(value) for value in range(256)]
    data = rgb.tobytes()
    pixels = [(table[data[at]], table[data[at + 1]], table[data[at + 2]]) for at in range(0, len(data), 3)]
    factors = []
    for j in range(components_y):
        cos_y = [math.cos(math.pi * j * y / height) for y in range(height)]
        for i in range(components_x):
            cos_x = [math.cos(math.pi * i * x / width) for x in range(width)]
            r = g = b = 0.0
            for y in range(height):
                row = y * width
                for x in range(width):
                    basis = cos_x[x] * cos_y[y]
                    pr, pg, pb = pixels[row + x]
                    r += basis * pr
                    g += basis * pg
                    b += basis * pb
            scale = (1 if i == 0 and j == 0 else 2) / (width * height)
            factors.append((r * scale, g * scale, b * scale))
    dc, ac = factors[0], factors[1:]
    text = base83((components_x - 1) + (components_y - 1) * 9, 1)
    if ac:
        actual_maximum = max(abs(value) for factor in ac for value in factor)
        quantised = max(0, min(82, int(math.floor(actual_maximum * 166 - 0.5))))
        maximum = (quantised + 1) / 166
    else:
        quantised, maximum = 0, 1
    text += base83(quantised, 1)
    text += base83((to_srgb(dc[0]) << 16) + (to_srgb(dc[1]) << 8) + to_srgb(dc[2]), 4)
    for factor in ac:
        r, g, b = (max(0, min(18, int(math.floor(signed_power(value / maximum, 0.5) * 9 + 9.5)))) for value in factor)
        text += base83(r * 19 * 19 + g * 19 + b, 2)
    return text


def peer_hash(image):
    """What the peer sends: the 4 × 3 hash of `image` shrunk to at most PEER_SIDE pixels a side."""
    small = image.convert("RGB")
    small.thumbnail((PEER_SIDE, PEER_SIDE))
    return encode(small)


if __name__ == "__main__":
    from PIL import Image  # Pillow comes with Synapse
    with Image.open(sys.argv[1]) as picture:
        print(encode(picture, *(int(value) for value in sys.argv[2:4])))
