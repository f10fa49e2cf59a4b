#!/usr/bin/env python3
"""Draws one small JPEG per bundled catalogue item (catalogue/pictures/0000.jpg, …) and the picture tests' fixtures.

Each picture has its item's w/h shape (the longer side 240 px), its own colours and pattern, and its item number
drawn in, so a wrong or stale picture is easy to spot. Reads the plists that generate-catalogue.py writes.
Deterministic for a given Pillow (written with Pillow 13): python3 -m pip install Pillow, then from anywhere:
python3 Resources/generate-pictures.py
"""
import colorsys
import io
import os
import plistlib
import random

from PIL import Image, ImageDraw, ImageFont

LONGER_SIDE = 240
HERE = os.path.dirname(os.path.abspath(__file__))
CATALOGUE = os.path.join(HERE, "catalogue")
FIXTURES = os.path.join(os.path.dirname(HERE), "Tests", "PicturesTests", "Fixtures")


def colour(hue: float, saturation: float, value: float) -> tuple:
    return tuple(int(channel * 255) for channel in colorsys.hsv_to_rgb(hue % 1.0, saturation, value))


def item_picture(index: int, width: int, height: int) -> Image.Image:
    scale = LONGER_SIDE / max(width, height)
    size = (max(16, round(width * scale)), max(16, round(height * scale)))
    rng = random.Random(index)
    hue = (index * 0.618033988749895) % 1.0
    picture = Image.new("RGB", size)
    draw = ImageDraw.Draw(picture)
    top, bottom = colour(hue, 0.45, 0.95), colour(hue + 0.08, 0.75, 0.55)
    for y in range(size[1]):
        t = y / max(1, size[1] - 1)
        draw.line([(0, y), (size[0], y)], fill=tuple(round(a + (b - a) * t) for a, b in zip(top, bottom)))
    for _ in range(3):
        radius = rng.randint(min(size) // 6, max(min(size) // 6 + 1, min(size) // 2))
        x, y = rng.randint(0, size[0]), rng.randint(0, size[1])
        draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=colour(hue + rng.random() * 0.5, 0.6, 0.85))
    # The item number, big and dark on a light plate, so it can be read even at a box's few dozen pixels: a
    # picture left over in a reused box is noticed at once.
    label = str(index + 1)
    font_size = max(8, min(size[1] // 2, size[0]))
    while font_size > 8:
        font = ImageFont.load_default(size=font_size)
        box = draw.textbbox((0, 0), label, font=font, stroke_width=max(1, font_size // 12))
        if box[2] - box[0] <= size[0] * 0.8 and box[3] - box[1] <= size[1] * 0.5:
            break
        font_size -= 2
    font = ImageFont.load_default(size=font_size)
    box = draw.textbbox((0, 0), label, font=font)
    width, height = box[2] - box[0], box[3] - box[1]
    left, top = (size[0] - width) // 2, (size[1] - height) // 2
    pad = max(2, font_size // 6)
    draw.rectangle([left - pad, top - pad, left + width + pad, top + height + pad], fill=(250, 250, 245))
    draw.text((left - box[0], top - box[1]), label, font=font, fill=(20, 20, 30))
    return picture


def catalogue_pictures() -> None:
    folder = os.path.join(CATALOGUE, "pictures")
    os.makedirs(folder, exist_ok=True)
    index = 0
    for page in sorted(name for name in os.listdir(CATALOGUE) if name.endswith(".plist")):
        with open(os.path.join(CATALOGUE, page), "rb") as handle:
            for item in plistlib.load(handle):
                picture = item_picture(index, item["w"], item["h"])
                picture.save(os.path.join(CATALOGUE, item["img"]), "JPEG", quality=75, optimize=True)
                index += 1


def fixtures() -> None:
    os.makedirs(FIXTURES, exist_ok=True)
    # Upright it is 30 wide and 60 tall, red above blue; stored turned a quarter anticlockwise, with EXIF
    # orientation 6 (turn clockwise to show).
    upright = Image.new("RGB", (30, 60), (220, 0, 0))
    ImageDraw.Draw(upright).rectangle([0, 30, 29, 59], fill=(0, 0, 220))
    exif = Image.Exif()
    exif[0x0112] = 6
    upright.rotate(90, expand=True).save(os.path.join(FIXTURES, "sideways.jpg"), "JPEG", quality=90, exif=exif)
    # Transparent left half, opaque green right half.
    alpha = Image.new("RGBA", (40, 60), (0, 0, 0, 0))
    ImageDraw.Draw(alpha).rectangle([20, 0, 39, 59], fill=(0, 200, 0, 255))
    alpha.save(os.path.join(FIXTURES, "alpha.png"), "PNG", optimize=True)
    item_picture(7, 300, 400).save(os.path.join(FIXTURES, "picture.webp"), "WEBP", quality=70)
    item_picture(8, 400, 300).convert("P", palette=Image.ADAPTIVE, colors=32).save(os.path.join(FIXTURES, "picture.gif"))
    # A TIFF under a PNG name: a format whose loader stays blocked.
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), (10, 20, 30)).save(buffer, "TIFF")
    with open(os.path.join(FIXTURES, "tiff-named.png"), "wb") as handle:
        handle.write(buffer.getvalue())


if __name__ == "__main__":
    catalogue_pictures()
    fixtures()
