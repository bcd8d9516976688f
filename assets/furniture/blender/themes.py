"""Per-theme parameter sets: which pieces each of the 16 themes gets, and how each is styled.

Plain data on purpose: `python3 themes.py` prints the job list as JSON for the Node driver (render.ts);
render_sprites.py gets each job's params from that list. Colours are given as sRGB hex and converted to
the linear RGB Blender works in; metals are given in linear RGB (their reflectance).
"""

import json
import sys


def lin(hex_colour):
    """sRGB '#rrggbb' -> linear RGB tuple."""
    h = hex_colour.lstrip("#")
    out = []
    for i in (0, 2, 4):
        c = int(h[i:i + 2], 16) / 255.0
        out.append(round(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4, 4))
    return tuple(out)


# material spec helpers ------------------------------------------------------

def fabric(hexc, **kw):
    return dict({"kind": "fabric", "color": lin(hexc)}, **kw)


def boucle(hexc):
    return {"kind": "fabric", "color": lin(hexc), "boucle": True, "weave": 260.0, "var": 0.08, "sheen": 0.3}


def linen(hexc):
    return {"kind": "fabric", "color": lin(hexc), "weave": 520.0, "var": 0.06, "sheen": 0.35}


def velvet(hexc):
    return {"kind": "velvet", "color": lin(hexc)}


def leather(hexc, rough=0.42):
    return {"kind": "leather", "color": lin(hexc), "rough": rough}


def wood(hexc, dark=None, **kw):
    spec = {"kind": "wood", "color": lin(hexc)}
    if dark:
        spec["dark"] = lin(dark)
    spec.update(kw)
    return spec


def paint(hexc, **kw):
    return dict({"kind": "paint", "color": lin(hexc)}, **kw)


def ceramic(hexc, **kw):
    return dict({"kind": "ceramic", "color": lin(hexc)}, **kw)


def metal(rgb, rough=0.3, painted=False):
    return {"kind": "metal", "color": tuple(rgb), "rough": rough, "painted": painted}


def rug(pattern, colours, **kw):
    return dict({"kind": "rug", "pattern": pattern, "colors": [lin(c) for c in colours]}, **kw)


BRASS = metal((0.8, 0.6, 0.32), 0.25)
GOLD = metal((0.92, 0.72, 0.38), 0.18)
CHROME = metal((0.9, 0.9, 0.9), 0.06)
BLACK_STEEL = metal(lin("#1c1c1c"), 0.45, painted=True)
BRUSHED = metal((0.6, 0.58, 0.55), 0.32)
WHITE_METAL = metal(lin("#ece9e4"), 0.4, painted=True)

PALE_OAK = wood("#d6b48a", "#b08a5e", grain=7.0)
OAK = wood("#b98a5a", "#8a5d36", grain=6.0)
WALNUT = wood("#7a4b2c", "#4a2a16", grain=6.0)
TEAK = wood("#9c6434", "#6a3d1c", grain=6.0)
MAHOGANY = wood("#6b2f1e", "#3e160c", grain=7.0, coat=0.4, rough=0.3)
RECLAIMED = wood("#8a6a4c", "#4e3826", grain=4.0, pore=0.5, rough=0.7, coat=0.0)
PINE = wood("#c9995f", "#9a6a38", grain=5.0)
MANGO = wood("#7d5236", "#4d2e1b", grain=5.0)
WHITEWASH = wood("#cfc6b8", "#a89c8a", grain=6.0, wash=0.55, rough=0.7, coat=0.0)
EBONY = wood("#2e231d", "#17110d", grain=8.0, coat=0.5, rough=0.25)
RATTAN = {"kind": "rattan", "color": lin("#b98c55")}
RATTAN_OPEN = {"kind": "rattan", "color": lin("#b98c55"), "open": True, "weave": 38.0}
RATTAN_OPEN_LIGHT = {"kind": "rattan", "color": lin("#d2b07c"), "open": True, "weave": 38.0}
RATTAN_LIGHT = {"kind": "rattan", "color": lin("#d2b07c")}

MARBLE_WHITE = {"kind": "marble", "color": lin("#ecebe8"), "vein": lin("#8e8e92")}
MARBLE_BLACK = {"kind": "marble", "color": lin("#1e1e20"), "vein": lin("#d8d6d0")}
TRAVERTINE = {"kind": "marble", "color": lin("#d9cbb4"), "vein": lin("#b9a688")}
GLASS = {"kind": "glass"}

LEAF = {"kind": "leaf"}
LEAF_OLIVE = {"kind": "leaf", "color": lin("#6f7a5a"), "dark": lin("#4a5440"), "rough": 0.6}
LEAF_SNAKE = {"kind": "leaf", "color": lin("#3f5f2c"), "dark": lin("#1f3318"), "variegated": True, "rough": 0.35}

SHADE_LINEN = {"kind": "shade", "color": lin("#efe6d6")}
SHADE_WHITE = {"kind": "shade", "color": lin("#f4f2ee")}
SHADE_PAPER = {"kind": "shade", "color": lin("#f3ede2"), "glow": 1.2}


def decor(vase, bowl=None, book1="#24324a", book2="#c8b48f"):
    d = {"vase": vase, "book1": lin(book1), "book2": lin(book2)}
    if bowl:
        d["bowl_mat"] = bowl
    return d


# themes ---------------------------------------------------------------------
# each piece: (type, label, params)

THEMES = {
    "bohemian": [
        ("sofa", "Rust velvet sofa with patterned cushions", {
            "upholstery": velvet("#9a4a2a"), "arm": "track", "arm_w": 0.15, "leg_style": "tapered", "leg_mat": MANGO,
            "seats": 3, "width": 2.15, "pillows": [(-0.78, fabric("#d2a03a"), 9, 8), (-0.45, fabric("#e7dcc6", weave=300.0), -6, -4),
                                                  (0.78, fabric("#2f5a5c"), -10, -10), (0.45, fabric("#c56b3c"), 6, 6)]}),
        ("armchair", "Rattan tub chair with a cream cushion", {
            "style": "rattan", "frame_mat": RATTAN_OPEN, "upholstery": linen("#e9e0cf"),
            "pillows": [(0.0, fabric("#c56b3c"), 5, 0)]}),
        ("coffee_table", "Round mango-wood drum coffee table", {
            "shape": "round", "width": 0.9, "height": 0.4, "top_t": 0.05, "top_mat": MANGO, "base": "pedestal",
            "pedestal": "drum", "leg_mat": MANGO,
            "decor_mats": decor(ceramic("#b5673f", rough=0.5), ceramic("#e2d6c0"), "#7a2f1b", "#d9b26a")}),
        ("rug", "Kilim rug in rust, indigo and mustard", {
            "width": 2.4, "depth": 1.7, "fringe": True,
            "rug_mat": rug("kilim", ["#e3d5bd", "#a4462a", "#2c3b5a", "#d19a3a"], period=0.42)}),
        ("floor_lamp", "Wooden tripod floor lamp with a linen shade", {
            "style": "tripod", "metal": BRASS, "leg_mat": MANGO, "shade": SHADE_LINEN, "height": 1.55, "shade_r": 0.24}),
        ("plant", "Kentia palm in a woven basket", {
            "kind": "palm", "height": 1.6, "pot_mat": RATTAN_LIGHT, "pot_shape": "basket", "pot_r": 0.22, "pot_h": 0.34,
            "leaf_mat": LEAF}),
        ("ottoman", "Tan leather pouf", {"shape": "pouf", "radius": 0.28, "height": 0.4, "upholstery": leather("#a8744a", 0.55)}),
        ("side_table", "Rattan drum side table with a wood top", {
            "shape": "round", "width": 0.46, "height": 0.52, "base": "drum_rattan", "leg_mat": RATTAN, "top_mat": MANGO,
            "decor_mats": {"vase": ceramic("#d9c7a6", glaze=lin("#8a6a42"))}}),
        ("bed", "Mango wood bed with a woven rattan headboard", {
            "frame": "legs", "frame_mat": MANGO, "leg_style": "block", "leg_h": 0.14, "frame_h": 0.32, "headboard": "panel",
            "headboard_mat": RATTAN, "headboard_h": 1.15, "linen": {"kind": "linen", "color": lin("#efe7da")},
            "throw": rug("kilim", ["#e3d5bd", "#a4462a", "#2c3b5a", "#d19a3a"], period=0.2, half=(1.0, 0.3)),
            "pillows": [(-0.25, fabric("#c56b3c"), 5, 5), (0.25, fabric("#d2a03a"), -5, -5)]}),
    ],
    "scandinavian": [
        ("sofa", "Light grey sofa on oak legs", {
            "upholstery": fabric("#b9b6b0"), "arm": "track", "arm_w": 0.14, "leg_style": "tapered", "leg_mat": PALE_OAK,
            "seats": 3, "width": 2.1, "leg_h": 0.16,
            "pillows": [(-0.78, linen("#e8e3d8"), 9, 8), (0.76, fabric("#8fa08c"), -10, -10)]}),
        ("armchair", "Oak lounge chair with oatmeal cushions", {
            "style": "lounge", "leg_mat": PALE_OAK, "upholstery": linen("#d8cdb9")}),
        ("coffee_table", "Oval oak coffee table", {
            "shape": "oval", "width": 1.2, "depth": 0.7, "top_mat": PALE_OAK, "leg_mat": PALE_OAK, "leg_style": "tapered",
            "splay": 0.03, "leg_inset": 0.14, "decor_mats": decor(ceramic("#f0ede6"), ceramic("#cfd6cc"), "#5c6e80", "#e2d7c2")}),
        ("rug", "Cream flatweave rug with a grey border", {
            "width": 2.3, "depth": 1.6, "rug_mat": rug("border", ["#e6e0d4", "#6f7073", "#a9a49a"])}),
        ("floor_lamp", "White floor lamp with a drum shade", {
            "style": "drum", "metal": WHITE_METAL, "shade": SHADE_WHITE, "height": 1.55, "shade_r": 0.2}),
        ("plant", "Fiddle-leaf fig in a white pot", {
            "kind": "fig", "height": 1.6, "pot_mat": ceramic("#f1efea", rough=0.4), "pot_r": 0.19, "pot_h": 0.4}),
        ("dining_table", "Oak dining table on tapered legs", {
            "shape": "rect", "width": 1.8, "depth": 0.9, "top_mat": PALE_OAK, "leg_mat": PALE_OAK, "leg_style": "tapered",
            "leg_thick": 0.06, "apron": 0.07, "leg_inset": 0.1,
            "decor_mats": decor(ceramic("#f0ede6"), ceramic("#9fb09c"))}),
        ("dining_chair", "Oak spindle-back dining chair", {"style": "spindle", "frame_mat": PALE_OAK}),
        ("side_table", "Round oak side table", {
            "shape": "round", "width": 0.45, "height": 0.5, "top_mat": PALE_OAK, "leg_mat": PALE_OAK, "leg_style": "tapered",
            "leg_inset": 0.05, "splay": 0.02, "decor_mats": {"vase": ceramic("#f0ede6")}}),
    ],
    "minimalism": [
        ("sofa", "Low white sofa on a recessed plinth", {
            "upholstery": fabric("#e9e6e0", var=0.05), "arm": "track", "arm_w": 0.22, "arm_h": 0.58, "arm_r": 0.03,
            "frame": "plinth", "leg_mat": paint("#2a2a2a"), "seats": 2, "width": 2.2, "seat_h": 0.4, "back_h": 0.72,
            "bench_seat": True, "pillows": []}),
        ("armchair", "White cube armchair", {
            "style": "upholstered", "upholstery": fabric("#e6e3dd", var=0.05), "arm": "track", "arm_w": 0.2, "arm_h": 0.58,
            "arm_r": 0.03, "frame": "plinth", "leg_mat": paint("#2a2a2a"), "width": 0.9, "seat_h": 0.4, "back_h": 0.72}),
        ("coffee_table", "Low travertine block coffee table", {
            "shape": "rect", "width": 1.1, "depth": 0.6, "height": 0.32, "top_t": 0.06, "top_mat": TRAVERTINE,
            "base": "block", "leg_mat": TRAVERTINE,
            "decor_mats": decor(ceramic("#1f1f1f", rough=0.5), None, "#d8d4cc", "#3a3a3a") | {"bowl": False}}),
        ("rug", "Plain stone wool rug", {"width": 2.3, "depth": 1.6, "rug_mat": rug("solid", ["#cfc8bc"])}),
        ("floor_lamp", "Black arc floor lamp", {"style": "arc", "metal": BLACK_STEEL, "base_mat": MARBLE_WHITE}),
        ("plant", "Snake plant in a black cylinder pot", {
            "kind": "snake", "height": 0.85, "pot_mat": ceramic("#222222", rough=0.6), "pot_shape": "cylinder", "pot_r": 0.16,
            "pot_h": 0.36, "leaf_mat": LEAF_SNAKE}),
        ("bed", "Low white platform bed", {
            "frame": "upholstered", "frame_mat": fabric("#e3dfd8", var=0.05), "headboard": "panel", "headboard_h": 0.95,
            "frame_h": 0.28, "linen": {"kind": "linen", "color": lin("#f2f0ec")}, "leg_mat": paint("#2a2a2a")}),
        ("nightstand", "White lacquer nightstand", {
            "body_mat": paint("#ece9e3", rough=0.3, coat=0.2), "leg_style": "plinth", "leg_h": 0.04, "rows": 2, "handle": "slot",
            "width": 0.5, "decor_mats": {"lamp_base": ceramic("#1f1f1f", rough=0.5), "shade": SHADE_WHITE}}),
        ("side_table", "Black steel cube side table", {
            "shape": "rect", "width": 0.42, "depth": 0.42, "height": 0.45, "top_t": 0.02, "top_mat": paint("#1f1f1f", rough=0.4),
            "base": "frame", "leg_mat": BLACK_STEEL, "tube_r": 0.008, "decor_mats": {"vase": ceramic("#e9e6e0", rough=0.5)}}),
    ],
    "mid-century-modern": [
        ("sofa", "Mustard sofa on splayed walnut legs", {
            "upholstery": fabric("#b8862b", sheen=0.5), "arm": "slope", "arm_w": 0.12, "leg_style": "tapered", "leg_mat": WALNUT,
            "leg_h": 0.2, "splay": 0.04, "seats": 3, "width": 2.05, "bench_seat": True, "back_h": 0.8,
            "pillows": [(-0.75, fabric("#2f5f5a"), 9, 8), (0.75, fabric("#e2d8c4"), -10, -10)]}),
        ("armchair", "Walnut lounge chair with cognac leather", {
            "style": "lounge", "leg_mat": WALNUT, "upholstery": leather("#8a4a22")}),
        ("coffee_table", "Oval walnut coffee table on splayed legs", {
            "shape": "oval", "width": 1.25, "depth": 0.68, "height": 0.4, "top_mat": WALNUT, "leg_mat": WALNUT,
            "leg_style": "tapered", "splay": 0.05, "leg_inset": 0.16,
            "decor_mats": decor(ceramic("#2f5f5a"), ceramic("#d9a03a"), "#c65a2a", "#e2d8c4")}),
        ("rug", "Geometric rug in teal, mustard and cream", {
            "width": 2.4, "depth": 1.7, "rug_mat": rug("geometric", ["#e5dcc8", "#2f5f5a", "#c8912e"], period=0.5)}),
        ("floor_lamp", "Walnut tripod lamp with a white drum", {
            "style": "tripod", "metal": BRASS, "leg_mat": WALNUT, "shade": SHADE_WHITE, "height": 1.6}),
        ("plant", "Monstera in a terracotta pot", {
            "kind": "monstera", "height": 1.1, "pot_mat": {"kind": "terracotta"}, "pot_r": 0.2, "pot_h": 0.36}),
        ("tv_stand", "Walnut media console with slatted doors", {
            "body_mat": WALNUT, "slats": True, "leg_style": "tapered", "leg_h": 0.18, "splay": 0.03, "cols": 3, "width": 1.7,
            "height": 0.6, "decor_mats": {"vase": ceramic("#c8912e"), "book_colors": [lin("#2f5f5a"), lin("#e2d8c4"),
                                                                                     lin("#c65a2a")]}}),
        ("dresser", "Walnut six-drawer dresser with brass pulls", {
            "body_mat": WALNUT, "leg_style": "tapered", "leg_h": 0.18, "splay": 0.03, "rows": 3, "cols": 2, "handle": "bar",
            "handle_mat": BRASS, "width": 1.3, "height": 0.82,
            "decor_mats": {"vase": ceramic("#2f5f5a"), "book1": lin("#c65a2a")}}),
        ("side_table", "Walnut side table on splayed legs", {
            "shape": "round", "width": 0.5, "height": 0.52, "top_mat": WALNUT, "leg_mat": WALNUT, "leg_style": "tapered",
            "leg_inset": 0.06, "splay": 0.04, "decor_mats": {"vase": ceramic("#c8912e")}}),
    ],
    "contemporary": [
        ("sofa", "Curved-back sofa in warm grey boucle", {
            "upholstery": boucle("#bdb5aa"), "arm": "track", "arm_w": 0.2, "arm_r": 0.1, "curved_back": True, "back": "none",
            "frame": "plinth", "leg_mat": paint("#2b2b2b"), "seats": 3, "width": 2.3, "bench_seat": True, "back_h": 0.78,
            "pillows": [(-0.7, velvet("#5a4b3e"), 9, 8), (0.72, linen("#e8e2d8"), -10, -10)]}),
        ("armchair", "Boucle armchair with a rounded back", {
            "style": "tub", "upholstery": boucle("#e3ddd2"), "leg_style": "plinth", "leg_mat": paint("#2b2b2b"), "width": 0.88,
            "pillows": [(0.0, velvet("#5a4b3e"), 4, 0)]}),
        ("coffee_table", "Round marble coffee table on a dark pedestal", {
            "shape": "round", "width": 0.95, "height": 0.38, "top_t": 0.03, "top_mat": MARBLE_WHITE, "base": "pedestal",
            "pedestal": "drum", "leg_mat": paint("#2b2b2b", rough=0.35),
            "decor_mats": decor(ceramic("#2b2b2b", rough=0.5), ceramic("#c9bca8"), "#8a8178", "#e8e2d8")}),
        ("side_table", "Marble side table on a brushed pedestal", {
            "shape": "round", "width": 0.45, "height": 0.55, "top_mat": MARBLE_WHITE, "base": "pedestal", "pedestal": "tulip",
            "leg_mat": BRUSHED, "decor_mats": {"vase": ceramic("#c9bca8")}}),
        ("rug", "Greige rug with tonal stripes", {
            "width": 2.5, "depth": 1.7, "rug_mat": rug("stripes", ["#c9c0b3", "#a89f93", "#ddd6cb"], period=0.5)}),
        ("floor_lamp", "Brass arc lamp on a marble base", {"style": "arc", "metal": BRASS, "base_mat": MARBLE_WHITE}),
        ("plant", "Olive tree in a stone pot", {
            "kind": "olive", "height": 1.6, "pot_mat": ceramic("#b7b0a6", rough=0.8, coat=0.0), "pot_r": 0.21, "pot_h": 0.42,
            "leaf_mat": LEAF_OLIVE}),
        ("dining_table", "Marble dining table on a black frame", {
            "shape": "rect", "width": 1.9, "depth": 0.95, "top_t": 0.03, "top_mat": MARBLE_WHITE, "base": "frame",
            "leg_mat": BLACK_STEEL, "tube_r": 0.014,
            "decor_mats": decor(ceramic("#2b2b2b", rough=0.5), ceramic("#c9bca8"))}),
        ("bed", "Channel-tufted bed in warm grey", {
            "frame": "upholstered", "frame_mat": fabric("#a9a29a", var=0.06), "headboard": "channel",
            "headboard_mat": fabric("#a9a29a", var=0.06), "headboard_h": 1.2, "frame_h": 0.3, "leg_mat": paint("#2b2b2b"),
            "linen": {"kind": "linen", "color": lin("#f1eee9")}, "throw": boucle("#e3ddd2"),
            "pillows": [(-0.25, velvet("#5a4b3e"), 5, 5), (0.25, linen("#c9bca8"), -5, -5)]}),
    ],
    "traditional": [
        ("sofa", "Rolled-arm sofa in cream linen on turned legs", {
            "upholstery": linen("#e2d6bf"), "arm": "rolled", "arm_w": 0.2, "arm_h": 0.66, "leg_style": "turned",
            "leg_mat": MAHOGANY, "leg_h": 0.14, "seats": 3, "width": 2.25, "back_h": 0.9,
            "pillows": [(-0.76, velvet("#5a1e22"), 9, 8), (-0.42, fabric("#1f2f4f"), -6, -4), (0.76, velvet("#5a1e22"), -10, -10)]}),
        ("armchair", "Burgundy wingback chair", {
            "style": "wingback", "upholstery": velvet("#6a2228"), "leg_mat": MAHOGANY, "leg_style": "turned"}),
        ("coffee_table", "Mahogany coffee table with turned legs", {
            "shape": "rect", "width": 1.2, "depth": 0.65, "height": 0.45, "top_mat": MAHOGANY, "leg_mat": MAHOGANY,
            "leg_style": "turned", "apron": 0.08, "leg_inset": 0.05, "top_bevel": 0.012,
            "decor_mats": decor(ceramic("#e8e4da", glaze=lin("#2a3f6b")), ceramic("#c8a04a"), "#5a1e22", "#1f2f4f")}),
        ("rug", "Persian rug in red, navy and gold", {
            "width": 2.5, "depth": 1.75, "fringe": True, "rug_mat": rug("persian", ["#8e2a22", "#e2d3b2", "#1f2f4f", "#c39a4a"])}),
        ("floor_lamp", "Brass floor lamp with a pleated linen shade", {
            "style": "drum", "metal": BRASS, "shade": SHADE_LINEN, "height": 1.6, "shade_r": 0.24, "taper": 0.7}),
        ("bookshelf", "Mahogany bookcase filled with books", {
            "shelf_mat": MAHOGANY, "width": 0.95, "height": 1.95, "shelves": 6, "board_t": 0.03,
            "book_colors": [lin("#5a1e22"), lin("#1f2f4f"), lin("#2d4a32"), lin("#c8b48f"), lin("#3b2a20"), lin("#8e6a3a")],
            "vase": ceramic("#e8e4da", glaze=lin("#2a3f6b"))}),
        ("side_table", "Round mahogany pedestal side table", {
            "shape": "round", "width": 0.5, "height": 0.6, "top_mat": MAHOGANY, "base": "pedestal", "pedestal": "turned",
            "leg_mat": MAHOGANY, "decor_mats": {"vase": ceramic("#e8e4da", glaze=lin("#2a3f6b"))}}),
        ("bed", "Upholstered bed with a tufted headboard", {
            "frame": "legs", "frame_mat": MAHOGANY, "leg_style": "turned", "leg_h": 0.16, "frame_h": 0.32,
            "headboard": "tufted", "headboard_mat": linen("#d9ccb4"), "headboard_h": 1.3,
            "linen": {"kind": "linen", "color": lin("#f1ede4")}, "throw": velvet("#5a1e22"),
            "pillows": [(-0.25, velvet("#5a1e22"), 5, 5), (0.25, fabric("#1f2f4f"), -5, -5)]}),
        ("plant", "Fiddle-leaf fig in a blue and white planter", {
            "kind": "fig", "height": 1.6, "pot_mat": ceramic("#e8e4da", glaze=lin("#2a3f6b")), "pot_r": 0.2, "pot_h": 0.42,
            "seed": 7}),
    ],
    "rustic": [
        ("sofa", "Brown leather sofa with rolled arms", {
            "upholstery": leather("#6b3f22", 0.5), "arm": "rolled", "arm_w": 0.22, "arm_h": 0.64, "leg_style": "bun",
            "leg_mat": RECLAIMED, "leg_h": 0.1, "seats": 3, "width": 2.2, "back_h": 0.88,
            "pillows": [(-0.76, fabric("#8a3a2a", weave=200.0), 9, 8), (0.76, fabric("#d8cbb0", weave=200.0), -10, -10)]}),
        ("armchair", "Wool armchair with a leather cushion", {
            "style": "upholstered", "upholstery": fabric("#7a6a58", weave=180.0, var=0.15), "arm": "rolled", "arm_w": 0.18,
            "leg_style": "bun", "leg_mat": RECLAIMED, "leg_h": 0.1, "width": 0.95,
            "pillows": [(0.0, fabric("#8a3a2a", weave=200.0), 4, 0)]}),
        ("coffee_table", "Chunky reclaimed-wood trestle coffee table", {
            "shape": "rect", "width": 1.3, "depth": 0.7, "height": 0.45, "top_t": 0.07, "top_mat": RECLAIMED, "base": "trestle",
            "slab_t": 0.08, "leg_mat": RECLAIMED,
            "decor_mats": decor({"kind": "terracotta"}, ceramic("#5a4a3a", rough=0.6), "#6b3f22", "#b09a72")}),
        ("rug", "Natural jute rug with a leather-brown binding", {
            "width": 2.4, "depth": 1.7, "binding": lin("#4a3222"), "rug_mat": {"kind": "jute", "color": lin("#b09062")}}),
        ("floor_lamp", "Rough-wood tripod lamp with a linen shade", {
            "style": "tripod", "metal": metal((0.3, 0.22, 0.15), 0.5), "leg_mat": RECLAIMED, "shade": SHADE_LINEN,
            "height": 1.6, "shade_r": 0.25}),
        ("plant", "Olive tree in a terracotta pot", {
            "kind": "olive", "height": 1.5, "pot_mat": {"kind": "terracotta"}, "pot_r": 0.21, "pot_h": 0.4, "leaf_mat": LEAF_OLIVE}),
        ("dining_table", "Reclaimed pine trestle dining table", {
            "shape": "rect", "width": 2.0, "depth": 0.95, "top_t": 0.07, "top_mat": RECLAIMED, "base": "trestle",
            "x_trestle": True, "leg_mat": RECLAIMED,
            "decor_mats": decor({"kind": "terracotta"}, ceramic("#5a4a3a", rough=0.6))}),
        ("dining_chair", "Dark wood ladder-back chair with a rush seat", {
            "style": "ladder", "frame_mat": wood("#5a3a22", "#3a2414"), "seat_kind": "rush",
            "seat_mat": {"kind": "jute", "color": lin("#a88658"), "weave": 90.0}, "leg_style": "block"}),
        ("bed", "Reclaimed wood bed", {
            "frame": "legs", "frame_mat": RECLAIMED, "leg_style": "block", "leg_h": 0.16, "frame_h": 0.34, "headboard": "wood",
            "headboard_mat": RECLAIMED, "headboard_h": 1.1, "footboard": 0.5, "linen": {"kind": "linen", "color": lin("#ece4d6")},
            "duvet": {"kind": "linen", "color": lin("#b8a88e")}, "throw": fabric("#8a3a2a", weave=200.0),
            "pillows": [(-0.25, fabric("#8a3a2a", weave=200.0), 5, 5), (0.25, fabric("#d8cbb0", weave=200.0), -5, -5)]}),
    ],
    "art-deco": [
        ("sofa", "Emerald velvet channel-back sofa on gold legs", {
            "upholstery": velvet("#0f4a3a"), "arm": "track", "arm_w": 0.2, "arm_r": 0.1, "curved_back": False, "back": "channel",
            "leg_style": "cone", "leg_mat": GOLD, "leg_h": 0.14, "seats": 3, "width": 2.2, "bench_seat": True, "back_h": 0.86,
            "pillows": [(-0.72, velvet("#d4a44a"), 9, 8), (0.72, velvet("#d4a44a"), -10, -10)]}),
        ("armchair", "Blush velvet channel-back armchair", {
            "style": "upholstered", "upholstery": velvet("#d9a69a"), "arm": "track", "arm_w": 0.17, "arm_r": 0.08,
            "back": "channel", "channels": 5, "leg_style": "cone", "leg_mat": GOLD, "leg_h": 0.14, "width": 0.85}),
        ("coffee_table", "Round black marble coffee table with a gold frame", {
            "shape": "round", "width": 0.95, "height": 0.4, "top_t": 0.025, "top_mat": MARBLE_BLACK, "base": "legs",
            "leg_style": "cone", "leg_mat": GOLD, "leg_inset": 0.08, "shelf": False,
            "decor_mats": decor(ceramic("#efe9dc"), metal((0.92, 0.72, 0.38), 0.2), "#0f4a3a", "#d4a44a")}),
        ("side_table", "Gold pedestal side table with a black marble top", {
            "shape": "round", "width": 0.45, "height": 0.56, "top_mat": MARBLE_BLACK, "base": "pedestal", "pedestal": "tulip",
            "leg_mat": GOLD, "decor_mats": {"vase": ceramic("#efe9dc")}}),
        ("rug", "Geometric rug in navy, gold and cream", {
            "width": 2.4, "depth": 1.7, "rug_mat": rug("geometric", ["#1c2640", "#c9a050", "#e8dfc8"], period=0.55)}),
        ("floor_lamp", "Brass floor lamp with an opal glass globe", {"style": "globe", "metal": GOLD, "height": 1.65}),
        ("dresser", "Black lacquer sideboard with gold handles", {
            "body_mat": paint("#151515", rough=0.15, coat=0.8), "leg_style": "cone", "leg_mat": GOLD, "leg_h": 0.16,
            "rows": 1, "cols": 3, "handle": "bar", "handle_mat": GOLD, "width": 1.6, "height": 0.78,
            "decor_mats": {"vase": ceramic("#efe9dc"), "book1": lin("#0f4a3a")}}),
        ("plant", "Palm in a black and gold planter", {
            "kind": "palm", "height": 1.5, "pot_mat": paint("#151515", rough=0.2, coat=0.6), "pot_shape": "cylinder",
            "pot_r": 0.2, "pot_h": 0.42}),
        ("bed", "Navy velvet bed with a channel headboard", {
            "frame": "upholstered", "frame_mat": velvet("#1c2640"), "headboard": "channel", "headboard_mat": velvet("#1c2640"),
            "headboard_h": 1.35, "frame_h": 0.32, "leg_mat": GOLD, "linen": {"kind": "linen", "color": lin("#f2eee6")},
            "throw": velvet("#c9a050"), "pillows": [(-0.25, velvet("#d9a69a"), 5, 5), (0.25, velvet("#c9a050"), -5, -5)]}),
    ],
    "industrial": [
        ("sofa", "Cognac leather sofa on a black steel frame", {
            "upholstery": leather("#8a4f26"), "arm": "track", "arm_w": 0.16, "arm_r": 0.04, "frame": "sled",
            "leg_mat": BLACK_STEEL, "leg_h": 0.12, "seats": 3, "width": 2.15,
            "pillows": [(-0.76, fabric("#5a5c5e", weave=250.0), 9, 8), (0.76, fabric("#2c2c2c", weave=250.0), -10, -10)]}),
        ("armchair", "Leather lounge chair on a black steel frame", {
            "style": "lounge", "frame_kind": "metal", "leg_mat": BLACK_STEEL, "upholstery": leather("#6b3b1f")}),
        ("coffee_table", "Reclaimed wood and black steel coffee table", {
            "shape": "rect", "width": 1.2, "depth": 0.65, "height": 0.45, "top_t": 0.045, "top_mat": RECLAIMED, "base": "frame",
            "leg_mat": BLACK_STEEL, "shelf": True, "shelf_mat": RECLAIMED,
            "decor_mats": decor(ceramic("#7c7c78", rough=0.8, coat=0.0), None, "#3a3a3a", "#8a4f26")}),
        ("rug", "Faded vintage rug in grey and rust", {
            "width": 2.4, "depth": 1.7, "rug_mat": rug("persian", ["#6d6a66", "#a89c8c", "#8e4a32", "#3e3c3a"], ring_scale=2.0)}),
        ("floor_lamp", "Black steel tripod task lamp", {"style": "task", "metal": BLACK_STEEL, "height": 1.55}),
        ("bookshelf", "Steel-frame bookshelf with wood shelves", {
            "frame": "metal", "frame_mat": BLACK_STEEL, "shelf_mat": RECLAIMED, "width": 1.0, "height": 1.9, "shelves": 5,
            "vase": ceramic("#7c7c78", rough=0.8, coat=0.0)}),
        ("desk", "Reclaimed wood desk on hairpin legs", {
            "width": 1.3, "depth": 0.62, "top_mat": RECLAIMED, "top_t": 0.04, "base": "legs", "leg_style": "hairpin",
            "leg_mat": BLACK_STEEL, "leg_inset": 0.08}),
        ("dining_chair", "Black steel bistro chair", {
            "style": "metal", "frame_mat": BLACK_STEEL, "leg_style": "square_metal", "leg_thick": 0.05,
            "seat_mat": BLACK_STEEL}),
        ("plant", "Snake plant in a concrete pot", {
            "kind": "snake", "height": 0.9, "pot_mat": ceramic("#8a8884", rough=0.85, coat=0.0), "pot_shape": "cylinder",
            "pot_r": 0.17, "pot_h": 0.38, "leaf_mat": LEAF_SNAKE, "seed": 9}),
        ("tv_stand", "Reclaimed wood media console on steel", {
            "body_mat": RECLAIMED, "leg_style": "square_metal", "leg_mat": BLACK_STEEL, "leg_h": 0.16, "leg_thick": 0.05,
            "cols": 3, "width": 1.7, "height": 0.56, "handle": "bar", "handle_mat": BLACK_STEEL,
            "decor_mats": {"vase": ceramic("#7c7c78", rough=0.8, coat=0.0), "book_colors": [lin("#3a3a3a"), lin("#8a4f26"),
                                                                                         lin("#c8b48f")]}}),
    ],
    "modern-farmhouse": [
        ("sofa", "White linen slipcovered sofa", {
            "upholstery": linen("#efebe3"), "arm": "rolled", "arm_w": 0.18, "leg_style": "block", "leg_mat": OAK, "leg_h": 0.1,
            "leg_thick": 0.06, "seats": 3, "width": 2.2,
            "pillows": [(-0.76, fabric("#2e2e2e", weave=300.0), 9, 8), (0.76, linen("#c8bba5"), -10, -10)]}),
        ("armchair", "Oatmeal armchair on black legs", {
            "style": "upholstered", "upholstery": linen("#d6ccba"), "arm": "track", "arm_w": 0.14, "leg_style": "block",
            "leg_mat": paint("#1f1f1f"), "leg_h": 0.14, "width": 0.85}),
        ("coffee_table", "Oak X-trestle coffee table", {
            "shape": "rect", "width": 1.25, "depth": 0.68, "height": 0.45, "top_t": 0.05, "top_mat": OAK, "base": "trestle",
            "x_trestle": True, "leg_mat": OAK,
            "decor_mats": decor(ceramic("#f0ede6"), ceramic("#2e2e2e", rough=0.5), "#2e2e2e", "#d6ccba")}),
        ("rug", "Cream rug with a charcoal border", {
            "width": 2.4, "depth": 1.7, "rug_mat": rug("border", ["#e8e2d6", "#3a3a3a", "#b8ad9c"])}),
        ("floor_lamp", "Black tripod lamp with a white shade", {
            "style": "tripod", "metal": BLACK_STEEL, "leg_mat": BLACK_STEEL, "shade": SHADE_WHITE, "height": 1.58}),
        ("plant", "Olive tree in a woven basket", {
            "kind": "olive", "height": 1.55, "pot_mat": RATTAN_LIGHT, "pot_shape": "basket", "pot_r": 0.22, "pot_h": 0.34,
            "leaf_mat": LEAF_OLIVE}),
        ("dining_table", "Oak dining table on a black steel trestle", {
            "shape": "rect", "width": 1.9, "depth": 0.95, "top_t": 0.05, "top_mat": OAK, "base": "trestle", "x_trestle": True,
            "leg_mat": BLACK_STEEL, "decor_mats": decor(ceramic("#f0ede6"), ceramic("#2e2e2e", rough=0.5))}),
        ("dining_chair", "Black windsor spindle chair", {"style": "spindle", "frame_mat": paint("#1f1f1f", rough=0.4),
                                                          "seat_mat": OAK}),
        ("bed", "Oak bed with a wide plank headboard", {
            "frame": "legs", "frame_mat": OAK, "leg_style": "block", "leg_h": 0.16, "frame_h": 0.32, "headboard": "slat",
            "slats": 6, "headboard_mat": OAK, "headboard_h": 1.15, "linen": {"kind": "linen", "color": lin("#f2efe9")},
            "throw": fabric("#2e2e2e", weave=300.0), "pillows": [(-0.25, linen("#c8bba5"), 5, 5), (0.25, fabric("#2e2e2e"), -5, -5)]}),
    ],
    "french-country": [
        ("sofa", "Cream linen sofa on painted turned legs", {
            "upholstery": linen("#ebe3d2"), "arm": "rolled", "arm_w": 0.18, "leg_style": "turned",
            "leg_mat": paint("#e7e0d0", distressed=True), "leg_h": 0.14, "seats": 2, "width": 1.95, "back_h": 0.92,
            "pillows": [(-0.7, fabric("#7f96b2"), 9, 8), (0.7, fabric("#c9a9a0"), -10, -10)]}),
        ("armchair", "Soft blue wingback chair", {
            "style": "wingback", "upholstery": linen("#9db0c4"), "leg_mat": paint("#e7e0d0", distressed=True),
            "leg_style": "turned", "pillows": [(0.0, linen("#ebe3d2"), 4, 0)]}),
        ("coffee_table", "Distressed cream coffee table with turned legs", {
            "shape": "rect", "width": 1.15, "depth": 0.65, "height": 0.46, "top_mat": wood("#b08a60", "#7a5636"),
            "leg_mat": paint("#e7e0d0", distressed=True), "leg_style": "turned", "apron": 0.09, "leg_inset": 0.05,
            "decor_mats": decor(ceramic("#f2efe8", glaze=lin("#7f96b2")), ceramic("#d9c7a6"), "#7f96b2", "#ebe3d2")}),
        ("rug", "Faded rug in blue and cream", {
            "width": 2.4, "depth": 1.7, "fringe": True, "rug_mat": rug("persian", ["#d8cdb6", "#9aa8b8", "#4c5f7a", "#c9a9a0"])}),
        ("floor_lamp", "Antique brass lamp with a linen shade", {
            "style": "drum", "metal": metal((0.55, 0.42, 0.25), 0.35), "shade": SHADE_LINEN, "height": 1.6, "taper": 0.72}),
        ("bed", "Arched upholstered bed in linen", {
            "frame": "legs", "frame_mat": paint("#e7e0d0", distressed=True), "leg_style": "turned", "leg_h": 0.16,
            "frame_h": 0.34, "headboard": "arched", "headboard_mat": linen("#ddd3c0"), "trim_mat": paint("#e7e0d0"),
            "headboard_h": 1.3, "linen": {"kind": "linen", "color": lin("#f3efe6")}, "throw": linen("#9db0c4"),
            "pillows": [(-0.25, fabric("#7f96b2"), 5, 5), (0.25, fabric("#c9a9a0"), -5, -5)]}),
        ("nightstand", "Painted nightstand with ring pulls", {
            "body_mat": paint("#e7e0d0", distressed=True), "top_mat": wood("#b08a60", "#7a5636"), "leg_style": "turned",
            "leg_h": 0.16, "rows": 2, "handle": "ring", "handle_mat": metal((0.55, 0.42, 0.25), 0.35), "panel": True,
            "decor_mats": {"lamp_base": ceramic("#f2efe8", glaze=lin("#7f96b2")), "shade": SHADE_LINEN}}),
        ("dining_chair", "Cane-back painted dining chair", {
            "style": "cane", "frame_mat": paint("#e7e0d0", distressed=True), "cane_mat": RATTAN_LIGHT, "seat_kind": "cushion",
            "upholstery": linen("#9db0c4"), "leg_style": "turned"}),
        ("plant", "Olive tree in a terracotta pot", {
            "kind": "olive", "height": 1.5, "pot_mat": {"kind": "terracotta", "color": lin("#b9735a")}, "pot_r": 0.21, "pot_h": 0.4,
            "leaf_mat": LEAF_OLIVE, "seed": 4}),
    ],
    "coastal": [
        ("sofa", "White linen sofa with blue cushions", {
            "upholstery": linen("#f1eee8"), "arm": "track", "arm_w": 0.16, "leg_style": "tapered", "leg_mat": WHITEWASH,
            "leg_h": 0.14, "seats": 3, "width": 2.15,
            "pillows": [(-0.78, fabric("#3d6a8f"), 9, 8), (-0.45, linen("#d9c9a8"), -6, -4), (0.78, fabric("#8fb4c8"), -10, -10)]}),
        ("armchair", "Natural rattan chair with a white cushion", {
            "style": "rattan", "frame_mat": RATTAN_OPEN_LIGHT, "upholstery": linen("#f1eee8"), "base": "legs", "leg_mat": WHITEWASH,
            "pillows": [(0.0, fabric("#3d6a8f"), 5, 0)]}),
        ("coffee_table", "Whitewashed wood coffee table with a shelf", {
            "shape": "rect", "width": 1.2, "depth": 0.65, "height": 0.44, "top_t": 0.04, "top_mat": WHITEWASH, "leg_mat": WHITEWASH,
            "leg_style": "block", "leg_thick": 0.06, "shelf": True,
            "decor_mats": decor(ceramic("#3d6a8f"), ceramic("#e9e2d2"), "#8fb4c8", "#d9c9a8")}),
        ("rug", "Jute rug with a white cotton binding", {
            "width": 2.4, "depth": 1.7, "binding": lin("#eeebe4"), "rug_mat": {"kind": "jute", "color": lin("#c4a878")}}),
        ("floor_lamp", "Whitewashed tripod lamp with a linen shade", {
            "style": "tripod", "metal": BRUSHED, "leg_mat": WHITEWASH, "shade": SHADE_WHITE, "height": 1.58}),
        ("plant", "Palm in a white ceramic pot", {
            "kind": "palm", "height": 1.55, "pot_mat": ceramic("#f1efea", rough=0.35), "pot_shape": "bowl", "pot_r": 0.22,
            "pot_h": 0.36, "seed": 5}),
        ("dining_chair", "White spindle-back dining chair", {
            "style": "spindle", "frame_mat": paint("#f0ede6", rough=0.4), "seat_mat": WHITEWASH}),
        ("side_table", "Rattan drum side table", {
            "shape": "round", "width": 0.45, "height": 0.5, "base": "drum_rattan", "leg_mat": RATTAN_LIGHT, "top_mat": WHITEWASH,
            "decor_mats": {"vase": ceramic("#3d6a8f")}}),
        ("bed", "Whitewashed slatted bed in white linen", {
            "frame": "legs", "frame_mat": WHITEWASH, "leg_style": "block", "leg_h": 0.16, "frame_h": 0.32, "headboard": "slat",
            "headboard_mat": WHITEWASH, "headboard_h": 1.1, "linen": {"kind": "linen", "color": lin("#f4f2ee")},
            "throw": fabric("#3d6a8f"), "pillows": [(-0.25, fabric("#8fb4c8"), 5, 5), (0.25, linen("#d9c9a8"), -5, -5)]}),
    ],
    "japandi": [
        ("sofa", "Low oatmeal linen sofa on a pale oak platform", {
            "upholstery": linen("#d6cbb8"), "arm": "wood", "arm_w": 0.08, "frame": "platform", "leg_mat": PALE_OAK, "leg_h": 0.1,
            "seats": 2, "width": 2.1, "seat_h": 0.4, "back_h": 0.74, "cushion_t": 0.14,
            "pillows": [(-0.7, linen("#8a7a64"), 9, 8), (0.7, linen("#eee8dc"), -10, -10)]}),
        ("armchair", "Pale oak lounge chair with linen cushions", {
            "style": "lounge", "leg_mat": PALE_OAK, "upholstery": linen("#e3dacb"), "width": 0.74}),
        ("coffee_table", "Low round pale oak coffee table", {
            "shape": "round", "width": 0.9, "height": 0.34, "top_t": 0.04, "top_mat": PALE_OAK, "base": "legs",
            "leg_style": "block", "leg_thick": 0.06, "leg_inset": 0.1, "leg_mat": PALE_OAK,
            "decor_mats": decor(ceramic("#3a3632", rough=0.6), ceramic("#d9cfc0", rough=0.5), "#8a7a64", "#e3dacb")}),
        ("rug", "Oatmeal wool rug", {"width": 2.3, "depth": 1.6, "rug_mat": rug("border", ["#d4c9b6", "#b2a590", "#c7bba6"])}),
        ("floor_lamp", "Paper lantern floor lamp", {"style": "paper", "metal": PALE_OAK, "leg_mat": PALE_OAK,
                                                     "shade": SHADE_PAPER, "height": 1.4, "shade_r": 0.19}),
        ("plant", "Snake plant in a clay bowl", {
            "kind": "snake", "height": 0.75, "pot_mat": ceramic("#8d7a66", rough=0.7, coat=0.1), "pot_shape": "bowl", "pot_r": 0.2,
            "pot_h": 0.3, "leaf_mat": LEAF_SNAKE, "seed": 3}),
        ("bed", "Low platform bed in pale oak", {
            "frame": "platform", "frame_mat": PALE_OAK, "headboard": "slat", "headboard_mat": PALE_OAK, "headboard_h": 0.85,
            "frame_h": 0.2, "linen": {"kind": "linen", "color": lin("#ebe5da")}, "duvet": {"kind": "linen", "color": lin("#d9cfbf")},
            "throw": linen("#8a7a64")}),
        ("nightstand", "Pale oak nightstand with an open shelf", {
            "body_mat": PALE_OAK, "open_shelf": False, "rows": 1, "leg_style": "block", "leg_h": 0.16, "leg_thick": 0.04,
            "handle": "slot", "width": 0.45, "height": 0.48,
            "decor_mats": {"lamp_base": ceramic("#3a3632", rough=0.6), "shade": SHADE_PAPER}}),
        ("dining_table", "Pale oak dining table with block legs", {
            "shape": "rect", "width": 1.8, "depth": 0.9, "top_t": 0.045, "top_mat": PALE_OAK, "leg_mat": PALE_OAK,
            "leg_style": "block", "leg_thick": 0.08, "leg_inset": 0.12,
            "decor_mats": decor(ceramic("#3a3632", rough=0.6), ceramic("#d9cfc0", rough=0.5))}),
    ],
    "bauhaus": [
        ("sofa", "Black leather sofa on a chrome tube frame", {
            "upholstery": leather("#1c1c1c", 0.35), "arm": "track", "arm_w": 0.14, "arm_r": 0.03, "frame": "sled",
            "leg_mat": CHROME, "leg_h": 0.14, "seats": 3, "width": 2.05, "back": "cushions",
            "pillows": [(-0.76, fabric("#b8302a"), 9, 8), (0.76, fabric("#e0b431"), -10, -10)]}),
        ("armchair", "Chrome tube lounge chair in black leather", {
            "style": "lounge", "frame_kind": "metal", "leg_mat": CHROME, "upholstery": leather("#1c1c1c", 0.35)}),
        ("coffee_table", "Glass coffee table on a chrome frame", {
            "shape": "rect", "width": 1.1, "depth": 0.6, "height": 0.42, "top_t": 0.012, "top_mat": GLASS, "base": "frame",
            "leg_mat": CHROME, "tube_r": 0.011,
            "decor_mats": decor(ceramic("#b8302a"), ceramic("#1f4e8c"), "#e0b431", "#1c1c1c")}),
        ("side_table", "Red round side table on chrome", {
            "shape": "round", "width": 0.45, "height": 0.52, "top_mat": paint("#b8302a", rough=0.3, coat=0.4), "base": "pedestal",
            "pedestal": "tulip", "leg_mat": CHROME, "decor_mats": {"vase": ceramic("#f0ede6")}}),
        ("rug", "Geometric rug in red, yellow and blue", {
            "width": 2.3, "depth": 1.6, "rug_mat": rug("geometric", ["#ece6da", "#1f4e8c", "#b8302a"], period=0.6)}),
        ("floor_lamp", "Chrome floor lamp with an opal globe", {"style": "globe", "metal": CHROME, "height": 1.55}),
        ("desk", "Black desk on chrome legs", {
            "width": 1.3, "depth": 0.65, "top_mat": paint("#1c1c1c", rough=0.3, coat=0.3), "top_t": 0.03, "base": "frame",
            "leg_mat": CHROME, "tube_r": 0.012, "decor_mats": {"lamp_mat": paint("#e0b431", rough=0.35), "book1": lin("#1f4e8c")}}),
        ("dining_chair", "Cantilever chair in chrome tube, cane and black wood", {
            "style": "cantilever", "frame_mat": CHROME, "cane_mat": RATTAN_LIGHT, "seat_mat": EBONY}),
        ("plant", "Snake plant in a white cylinder pot", {
            "kind": "snake", "height": 0.85, "pot_mat": ceramic("#f0ede6", rough=0.3), "pot_shape": "cylinder", "pot_r": 0.16,
            "pot_h": 0.36, "leaf_mat": LEAF_SNAKE, "seed": 5}),
    ],
    "hollywood-glam": [
        ("sofa", "Ivory velvet channel-tufted sofa with gold legs", {
            "upholstery": velvet("#e8ddd0"), "arm": "track", "arm_w": 0.22, "arm_r": 0.11, "back": "channel", "curved_back": False,
            "leg_style": "cone", "leg_mat": GOLD, "leg_h": 0.13, "seats": 3, "width": 2.3, "bench_seat": True, "back_h": 0.88,
            "pillows": [(-0.74, velvet("#1d5a4a"), 9, 8), (-0.42, velvet("#c9a86a"), -6, -4), (0.74, velvet("#1d5a4a"), -10, -10)]}),
        ("armchair", "Emerald velvet armchair on gold legs", {
            "style": "tub", "upholstery": velvet("#1d5a4a"), "leg_style": "cone", "leg_mat": GOLD, "leg_h": 0.14, "width": 0.86,
            "back_h": 0.8, "seat_h": 0.46}),
        ("coffee_table", "White marble coffee table on a gold frame", {
            "shape": "rect", "width": 1.2, "depth": 0.65, "height": 0.42, "top_t": 0.03, "top_mat": MARBLE_WHITE, "base": "frame",
            "leg_mat": GOLD, "tube_r": 0.012,
            "decor_mats": decor(GLASS, metal((0.92, 0.72, 0.38), 0.2), "#1d5a4a", "#e8ddd0")}),
        ("side_table", "Glass side table with a gold pedestal", {
            "shape": "round", "width": 0.45, "height": 0.55, "top_t": 0.015, "top_mat": GLASS, "base": "pedestal",
            "pedestal": "tulip", "leg_mat": GOLD, "decor_mats": {"vase": ceramic("#f2eee8")}}),
        ("rug", "Ivory shag rug", {"width": 2.4, "depth": 1.7, "thickness": 0.03,
                                   "rug_mat": rug("shag", ["#ece6dc"], pile=120.0)}),
        ("floor_lamp", "Gold arc lamp on a marble base", {"style": "arc", "metal": GOLD, "base_mat": MARBLE_WHITE}),
        ("bed", "Grey velvet bed with a tall tufted headboard", {
            "frame": "upholstered", "frame_mat": velvet("#8d8a8a"), "headboard": "tufted", "headboard_mat": velvet("#8d8a8a"),
            "headboard_h": 1.45, "frame_h": 0.34, "leg_mat": GOLD, "linen": {"kind": "linen", "color": lin("#f4f1ec")},
            "throw": velvet("#1d5a4a"), "pillows": [(-0.25, velvet("#c9a86a"), 5, 5), (0.25, velvet("#1d5a4a"), -5, -5)]}),
        ("ottoman", "Tufted velvet bench ottoman on gold legs", {
            "shape": "rect", "width": 1.0, "depth": 0.5, "height": 0.45, "upholstery": velvet("#d9b8b0"), "tufted": True,
            "leg_style": "cone", "leg_mat": GOLD, "leg_h": 0.14, "button_mat": GOLD}),
        ("plant", "Fiddle-leaf fig in a gold planter", {
            "kind": "fig", "height": 1.55, "pot_mat": GOLD, "pot_shape": "cylinder", "pot_r": 0.19, "pot_h": 0.4, "seed": 13}),
    ],
    "farmhouse": [
        ("sofa", "Oatmeal rolled-arm sofa on bun feet", {
            "upholstery": fabric("#cbbfa8", weave=300.0), "arm": "rolled", "arm_w": 0.2, "leg_style": "bun", "leg_mat": PINE,
            "leg_h": 0.1, "seats": 3, "width": 2.2, "back_h": 0.9,
            "pillows": [(-0.76, fabric("#7a2a22", weave=200.0), 9, 8), (0.76, fabric("#2f3f5a", weave=200.0), -10, -10)]}),
        ("armchair", "Rust wingback chair", {
            "style": "wingback", "upholstery": fabric("#8a4a30", weave=260.0), "leg_mat": PINE, "leg_style": "turned"}),
        ("coffee_table", "Pine coffee table on a white painted base", {
            "shape": "rect", "width": 1.2, "depth": 0.66, "height": 0.46, "top_t": 0.045, "top_mat": PINE,
            "leg_mat": paint("#ece6da", distressed=True), "leg_style": "turned", "apron": 0.09, "leg_inset": 0.05,
            "shelf": True, "shelf_mat": paint("#ece6da", distressed=True),
            "decor_mats": decor(ceramic("#f0ebe0"), {"kind": "rattan", "color": lin("#b98c55")}, "#7a2a22", "#cbbfa8")}),
        ("rug", "Ticking-stripe rug in cream and navy", {
            "width": 2.3, "depth": 1.6, "rug_mat": rug("stripes", ["#e8e0cf", "#2f3f5a", "#7a2a22"], period=0.3)}),
        ("floor_lamp", "Black metal lamp with a linen drum", {
            "style": "drum", "metal": BLACK_STEEL, "shade": SHADE_LINEN, "height": 1.6}),
        ("dining_table", "Pine farmhouse table with turned legs", {
            "shape": "rect", "width": 1.9, "depth": 0.95, "top_t": 0.05, "top_mat": PINE, "leg_style": "turned",
            "leg_mat": paint("#ece6da", distressed=True), "leg_thick": 0.09, "apron": 0.1, "leg_inset": 0.08,
            "decor_mats": decor(ceramic("#f0ebe0"), {"kind": "rattan", "color": lin("#b98c55")})}),
        ("dining_chair", "Distressed black windsor chair", {
            "style": "spindle", "frame_mat": paint("#222222", distressed=True), "seat_mat": PINE}),
        ("dresser", "Sage painted dresser with cup pulls", {
            "body_mat": paint("#8f9c84", distressed=True), "top_mat": PINE, "leg_style": "bun", "leg_h": 0.08, "rows": 3,
            "cols": 2, "handle": "cup", "handle_mat": metal((0.25, 0.22, 0.2), 0.4), "panel": False, "width": 1.2,
            "height": 0.86, "decor_mats": {"vase": ceramic("#f0ebe0"), "book1": lin("#7a2a22")}}),
        ("bed", "Black iron spindle bed", {
            "frame": "metal", "frame_mat": metal(lin("#1f1f1f"), 0.5, painted=True), "headboard": "spindle", "headboard_h": 1.2,
            "footboard": 0.75, "frame_h": 0.34, "linen": {"kind": "linen", "color": lin("#efe9dc")},
            "duvet": {"kind": "linen", "color": lin("#e6dcc8")}, "throw": fabric("#7a2a22", weave=200.0),
            "pillows": [(-0.25, fabric("#2f3f5a", weave=200.0), 5, 5), (0.25, fabric("#7a2a22", weave=200.0), -5, -5)]}),
    ],
}


def jobs():
    out = []
    for theme, items in THEMES.items():
        for (kind, label, params) in items:
            out.append({"id": "%s-%s" % (theme, kind.replace("_", "-")), "type": kind, "theme": theme, "label": label,
                        "params": params})
    return out


if __name__ == "__main__":
    json.dump(jobs(), sys.stdout)
