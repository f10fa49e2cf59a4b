#!/usr/bin/env python3
"""Writes the bundled shop catalogue: catalogue/1.plist, 2.plist, 3.plist (60 items each).

Deterministic: the same script always writes the same bytes. The schema is the originals' page schema
(w, h, img, price) plus title and shop; img names the item's picture relative to the plist (pictures/0000.jpg),
which Resources/generate-pictures.py draws. Run it from anywhere: python3 Resources/generate-catalogue.py
"""
import os
import plistlib
import random

ITEMS_PER_PAGE = 60
PAGES = 3

GARMENTS = ["连衣裙", "针织开衫", "牛仔外套", "羊毛大衣", "衬衫", "半身裙", "卫衣", "阔腿裤", "风衣", "T恤",
            "马丁靴", "帆布鞋", "托特包", "围巾", "毛线帽", "jumpsuit", "blazer", "cardigan", "trench coat",
            "sneakers", "tote bag", "silk scarf", "denim jacket", "midi skirt", "hoodie"]
STYLES = ["韩版", "复古", "简约", "森系", "学院风", "oversize", "vintage", "minimal", "street", "cosy",
          "法式", "日系", "通勤", "甜美", "Y2K"]
COLOURS = ["黑色", "米白", "焦糖色", "雾霾蓝", "酒红", "燕麦色", "navy", "olive", "cream", "charcoal", "sage green"]
EMOJI = ["✨", "🔥", "💕", "🌸", "🎀", "☕", "🍂", "❄️", "👗", "👜", "🛍️", "💯", "🌈", "🐱"]
SHOPS = ["蘑菇街小铺", "Maple & Moss", "衣橱日记", "North Lane Studio", "小鹿家", "Atelier Yun", "晴天杂货",
         "Blue Hour Vintage"]
# (width, height) in pixels: portrait photos mostly, some square, some wide, a few extreme.
SHAPES = [(200, 275), (200, 300), (200, 270), (200, 265), (310, 426), (500, 750), (400, 540), (290, 383),
          (600, 600), (640, 480), (800, 450), (200, 200), (330, 445), (300, 560)]
EXTREME_SHAPES = [(200, 1200), (1600, 200), (120, 900), (1000, 160)]
LONG_TITLE = ("2024秋冬新款 超长标题测试 oversized 羊毛混纺双面呢大衣 女中长款 高级感 气质通勤 百搭显瘦 "
              "加厚保暖 ✨ limited edition hand-finished seams, wide lapels, deep pockets and a belt 🔥 包邮 七天无理由退换")


def title(rng: random.Random, index: int) -> str:
    if index % 37 == 11:
        return LONG_TITLE
    if index % 29 == 5:
        return f"{rng.choice(STYLES)} {rng.choice(COLOURS)} {rng.choice(GARMENTS)} — " + " ".join(
            rng.choice(STYLES + COLOURS + GARMENTS) for _ in range(12))
    parts = [rng.choice(STYLES), rng.choice(COLOURS), rng.choice(GARMENTS)]
    if rng.random() < 0.45:
        parts.append(rng.choice(EMOJI))
    if rng.random() < 0.25:
        parts.insert(0, "新品")
    return " ".join(parts)


def item(rng: random.Random, index: int) -> dict:
    width, height = rng.choice(EXTREME_SHAPES) if index % 23 == 7 else rng.choice(SHAPES)
    price = rng.choice([39, 49, 59, 69, 79, 89, 99, 119, 139, 169, 195, 229, 299, 399, 599, 1299])
    return {
        "w": width,
        "h": height,
        "img": f"pictures/{index:04d}.jpg",
        "price": f"¥{price}",
        "title": title(rng, index),
        "shop": rng.choice(SHOPS),
    }


def main() -> None:
    rng = random.Random(20151027)
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "catalogue")
    os.makedirs(folder, exist_ok=True)
    for page in range(PAGES):
        items = [item(rng, page * ITEMS_PER_PAGE + n) for n in range(ITEMS_PER_PAGE)]
        with open(os.path.join(folder, f"{page + 1}.plist"), "wb") as handle:
            plistlib.dump(items, handle, sort_keys=True)


if __name__ == "__main__":
    main()
