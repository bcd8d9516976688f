"""Export the furniture library as glTF meshes with baked textures, for the engine's rasterizer.

Usage (headless; run by assets/furniture/meshes.ts, which also rebuilds the manifest):

  blender -b --factory-startup -P assets/furniture/blender/export_meshes.py -- \
      --jobs /tmp/jobs.json --size 512 --ao-samples 16

jobs.json: [{"id", "type", "theme", "label", "params", "out", "size"?}] where out is a path stem; for each job the
script writes <out>.glb and <out>.json (size in cm, triangles, texture size, timings).

The piece is built by the same generators as the sprites (pieces.py), then:
1. every part's modifiers are applied (curves become meshes); if the piece has more than MAX_TRIANGLES triangles,
   its dense parts are decimated;
2. the parts are unwrapped together into one atlas (Smart UV Project), still as separate objects, so the
   procedural materials, which mostly use Object coordinates, bake exactly as they render;
3. three bakes into the atlas: the base colour (each material's Principled Base Color, rewired to an Emission
   shader and baked as EMIT, so metals keep their colour where a diffuse-colour bake would be black), ambient
   occlusion (Cycles AO bake, with a floor plane as an occluder for contact darkening) and, for see-through
   materials (glass, open rattan), the opacity;
4. texture = base colour x AO, sRGB, JPEG (PNG with alpha for the see-through parts, a second primitive);
5. the parts are joined into one mesh, moved so the footprint centre is the origin and the lowest point is on
   the floor, and exported as GLB: glTF's Y up, the piece's front (-Y in Blender) facing +Z.
"""

import json
import math
import os
import sys
import tempfile
import time

import bpy
import numpy as np
from mathutils import Matrix, Vector

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from materials import Materials  # noqa: E402
import pieces  # noqa: E402

MAX_TRIANGLES = 8000
# Texture size by type: the big pieces get 1024 px (a sofa or a bed spans half a photo's width).
BIG_TYPES = {"sofa", "bed", "rug", "dining_table"}
AO_DISTANCE = 0.3  # m
AO_STRENGTH = 0.85  # texture AO = mix(1, ao, AO_STRENGTH): the engine adds its own contact shadow
JPEG_QUALITY = 85


def parse_args():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    opts = {"jobs": None, "size": 512, "big": 768, "ao-samples": 16, "color-samples": 4}
    i = 0
    while i < len(argv):
        k = argv[i].lstrip("-")
        if k not in opts:
            raise SystemExit("unknown argument: %s" % argv[i])
        opts[k] = type(opts[k])(argv[i + 1]) if opts[k] is not None else argv[i + 1]
        i += 2
    if not opts["jobs"]:
        raise SystemExit("--jobs is required")
    return opts


def reset_scene():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    return bpy.context.scene


def select_only(objs, active=None):
    bpy.ops.object.select_all(action="DESELECT")
    for o in objs:
        o.select_set(True)
    bpy.context.view_layer.objects.active = active or (objs[0] if objs else None)


def tri_count(obj):
    me = obj.data
    me.calc_loop_triangles()
    return len(me.loop_triangles)


# ----------------------------------------------------------------------------
# Geometry: apply modifiers, decimate, unwrap
# ----------------------------------------------------------------------------

def realize_parts():
    """Every mesh and curve part as a plain mesh object with its modifiers applied, transforms kept."""
    parts = [o for o in bpy.context.scene.objects if o.type in ("MESH", "CURVE") and not o.hide_render]
    select_only(parts)
    bpy.ops.object.convert(target="MESH")
    # Helpers hidden from rendering (a tub chair's roll profile, the bevel shape of a curve) go.
    for o in [o for o in bpy.context.scene.objects if o.type in ("MESH", "CURVE") and o.hide_render]:
        bpy.data.objects.remove(o)
    parts = [o for o in bpy.context.scene.objects if o.type == "MESH"]
    # Parts with a negative scale would bake and export inside out; none are expected, but check.
    return parts


def decimate(parts):
    total = sum(tri_count(o) * 1 for o in parts)
    if total <= MAX_TRIANGLES:
        return total
    # Decimate the dense parts with their own mesh; small parts (books, handles) and shared leaves keep theirs.
    dense = [o for o in parts if o.data.users == 1 and tri_count(o) > 400]
    fixed = total - sum(tri_count(o) for o in dense)
    budget = max(MAX_TRIANGLES - fixed, MAX_TRIANGLES * 0.3)
    ratio = min(1.0, budget / max(1, total - fixed))
    for o in dense:
        m = o.modifiers.new("Decimate", "DECIMATE")
        m.ratio = ratio
        m.use_collapse_triangulate = True
    select_only(dense)
    bpy.ops.object.convert(target="MESH")
    total = sum(tri_count(o) for o in parts)
    if total > MAX_TRIANGLES * 1.25:
        # Still too many: many small parts (a bookshelf's 80 bevelled books). Their bevels go first.
        small = [o for o in parts if o.data.users == 1 and tri_count(o) > 40]
        ratio = max(0.2, 1.0 - (total - MAX_TRIANGLES) / max(1, sum(tri_count(o) for o in small)))
        for o in small:
            m = o.modifiers.new("Decimate", "DECIMATE")
            m.ratio = ratio
            m.use_collapse_triangulate = True
        select_only(small)
        bpy.ops.object.convert(target="MESH")
        total = sum(tri_count(o) for o in parts)
    return total


OBJCO = "stagecraft_objco"


def object_coords_as_attribute(parts):
    """The materials texture most surfaces in Object coordinates. Before the parts are joined into one object
    (one bake instead of one per part), each part's local coordinates are stored as a point attribute and every
    material reads that attribute where it read Object coordinates: the textures stay where they were."""
    done = set()
    for o in parts:
        if o.data.name in done:
            continue
        done.add(o.data.name)
        me = o.data
        co = np.empty(len(me.vertices) * 3, dtype=np.float32)
        me.vertices.foreach_get("co", co)
        attr = me.attributes.new(OBJCO, "FLOAT_VECTOR", "POINT")
        attr.data.foreach_set("vector", co)
    mats = {m.name: m for o in parts for m in o.data.materials if m is not None}
    for mat in mats.values():
        nt = mat.node_tree
        for n in list(nt.nodes):
            if n.type != "TEX_COORD" or not n.outputs["Object"].is_linked:
                continue
            at = nt.nodes.new("ShaderNodeAttribute")
            at.attribute_type = "GEOMETRY"
            at.attribute_name = OBJCO
            # Unlink first: linking into an input that has a link replaces it, which would leave `link` stale.
            targets = [link.to_socket for link in n.outputs["Object"].links]
            for link in list(n.outputs["Object"].links):
                nt.links.remove(link)
            for socket in targets:
                nt.links.new(at.outputs["Vector"], socket)


def join(parts):
    select_only(parts)
    bpy.ops.object.make_single_user(object=True, obdata=True)
    bpy.ops.object.transform_apply(location=True, rotation=True, scale=True)
    if len(parts) > 1:
        bpy.ops.object.join()
    obj = bpy.context.view_layer.objects.active
    obj.parent = None
    obj.matrix_world = Matrix.Identity(4)
    return obj


def unwrap(parts):
    """One atlas for the given parts."""
    for o in parts:
        if not o.data.uv_layers:
            o.data.uv_layers.new(name="UVMap")
        else:
            while len(o.data.uv_layers) > 1:
                o.data.uv_layers.remove(o.data.uv_layers[-1])
            o.data.uv_layers[0].name = "UVMap"
    select_only(parts)
    bpy.ops.object.mode_set(mode="EDIT")
    bpy.ops.mesh.select_all(action="SELECT")
    # Zero-area faces (a leaf's pointed tip, a lathe's closed top) have no normal: Cycles' bake would cast an
    # invalid ray from them (Embree asserts and Blender aborts). Merge coincident vertices, drop such faces.
    bpy.ops.mesh.remove_doubles(threshold=1e-5)
    bpy.ops.mesh.dissolve_degenerate(threshold=1e-5)
    bpy.ops.mesh.delete_loose()
    bpy.ops.mesh.select_all(action="SELECT")
    bpy.ops.uv.smart_project(angle_limit=math.radians(60), island_margin=0.004, area_weight=0.0,
                             correct_aspect=True, scale_to_bounds=False)
    bpy.ops.object.mode_set(mode="OBJECT")


# ----------------------------------------------------------------------------
# Materials: classify, rewire for baking
# ----------------------------------------------------------------------------

def output_node(nt):
    for n in nt.nodes:
        if n.type == "OUTPUT_MATERIAL":
            return n
    return None


def is_see_through(mat):
    return mat is not None and mat.use_nodes and any(n.type == "BSDF_TRANSPARENT" for n in mat.node_tree.nodes)


def base_color_source(nt):
    """(socket or None, constant colour): where the material's albedo comes from."""
    for n in nt.nodes:
        if n.type == "BSDF_PRINCIPLED":
            inp = n.inputs["Base Color"]
            if inp.is_linked:
                return inp.links[0].from_socket, None
            return None, tuple(inp.default_value)
    for n in nt.nodes:
        if n.type == "BSDF_TRANSPARENT":  # glass: its tint, darkened (it reads as a pale grey-green surface)
            c = n.inputs["Color"].default_value
            return None, (c[0] * 0.55, c[1] * 0.55, c[2] * 0.55, 1.0)
    for n in nt.nodes:
        if n.type == "EMISSION":  # a bulb: warm white
            return None, (0.9, 0.8, 0.62, 1.0)
    return None, (0.5, 0.5, 0.5, 1.0)


def opacity_source(nt):
    """(socket or None, constant) of the opacity of a Mix Shader with a Transparent BSDF on one side."""
    for n in nt.nodes:
        if n.type != "MIX_SHADER":
            continue
        a = n.inputs[1].links[0].from_node if n.inputs[1].is_linked else None
        b = n.inputs[2].links[0].from_node if n.inputs[2].is_linked else None
        fac = n.inputs[0]
        if a is not None and a.type == "BSDF_TRANSPARENT":  # opacity = fac
            if fac.is_linked:
                return fac.links[0].from_socket, None, False
            return None, fac.default_value, False
        if b is not None and b.type == "BSDF_TRANSPARENT":  # opacity = 1 - fac
            if fac.is_linked:
                return fac.links[0].from_socket, None, True
            return None, 1.0 - fac.default_value, False
    return None, 1.0, False


class BakeMaterial:
    """Adds to a material an Emission output for baking and image nodes for each pass."""

    def __init__(self, mat):
        self.mat = mat
        nt = mat.node_tree
        self.nt = nt
        self.out = output_node(nt)
        self.em = nt.nodes.new("ShaderNodeEmission")
        self.em.inputs["Strength"].default_value = 1.0
        self.images = {}
        self.alpha_is_glass = not any(n.type == "BSDF_PRINCIPLED" for n in nt.nodes)

    def use_image(self, key, image):
        node = self.images.get(key)
        if node is None:
            node = self.nt.nodes.new("ShaderNodeTexImage")
            self.images[key] = node
        node.image = image
        for n in self.nt.nodes:
            n.select = False
        node.select = True
        self.nt.nodes.active = node

    def emit(self, what):
        nt = self.nt
        for link in list(self.em.inputs["Color"].links):
            nt.links.remove(link)
        if what == "color":
            sock, const = base_color_source(nt)
        else:
            sock, const, invert = opacity_source(nt)
            if sock is not None and invert:
                inv = nt.nodes.new("ShaderNodeMath")
                inv.operation = "SUBTRACT"
                inv.inputs[0].default_value = 1.0
                nt.links.new(sock, inv.inputs[1])
                sock = inv.outputs[0]
            if const is not None:
                const = (const, const, const, 1.0)
        if sock is not None:
            nt.links.new(sock, self.em.inputs["Color"])
        else:
            self.em.inputs["Color"].default_value = const
        nt.links.new(self.em.outputs[0], self.out.inputs["Surface"])


def new_image(name, size, alpha=False):
    img = bpy.data.images.new(name, size, size, alpha=alpha, float_buffer=True)
    img.colorspace_settings.name = "Linear"
    return img


def image_array(img):
    w, h = img.size
    a = np.empty(w * h * 4, dtype=np.float32)
    img.pixels.foreach_get(a)
    return a.reshape(h, w, 4)


def blur(a, sigma):
    r = max(1, int(math.ceil(3 * sigma)))
    k = np.exp(-np.arange(-r, r + 1) ** 2 / (2 * sigma * sigma)).astype(np.float32)
    k /= k.sum()
    p = np.pad(a, ((0, 0), (r, r)), mode="edge")
    a = sum(k[i] * p[:, i:i + a.shape[1]] for i in range(2 * r + 1))
    p = np.pad(a, ((r, r), (0, 0)), mode="edge")
    return sum(k[i] * p[i:i + a.shape[0], :] for i in range(2 * r + 1))


def to_srgb(lin):
    lin = np.clip(lin, 0.0, 1.0)
    return np.where(lin <= 0.0031308, lin * 12.92, 1.055 * np.power(lin, 1 / 2.4) - 0.055)


def bake(parts, pass_type, samples, margin):
    scene = bpy.context.scene
    scene.cycles.samples = samples
    select_only(parts)
    bpy.ops.object.bake(type=pass_type, margin=margin, use_clear=True)


def bake_group(parts, mats, size, name, see_through, opts, workdir):
    """Bakes colour x AO (and opacity) of the parts into one atlas; returns the saved image's path."""
    margin = max(2, size // 128)
    color = new_image(name + "_color", size)
    ao = new_image(name + "_ao", size)
    for bm in mats:
        bm.use_image("color", color)
        bm.emit("color")
    t = time.time()
    bake(parts, "EMIT", opts["color-samples"], margin)
    t_color = time.time() - t
    t = time.time()
    if opts["ao-samples"] > 0:
        for bm in mats:
            bm.use_image("ao", ao)
        bake(parts, "AO", opts["ao-samples"], margin)
        # 24 samples leave a visible grain: a slight blur (islands are 3 px or more apart, so little bleeds).
        occ = blur(image_array(ao)[..., 0], 0.8)[..., None]
    else:
        occ = np.ones((size, size, 1), np.float32)
    t_ao = time.time() - t
    rgb = image_array(color)[..., :3]
    occ = 1.0 - AO_STRENGTH * (1.0 - np.clip(occ, 0.0, 1.0))
    out = np.ones((size, size, 4), np.float32)
    out[..., :3] = to_srgb(rgb * occ)
    if see_through:
        alpha = new_image(name + "_alpha", size)
        for bm in mats:
            bm.use_image("alpha", alpha)
            bm.emit("alpha")
        bake(parts, "EMIT", opts["color-samples"], margin)
        a = image_array(alpha)[..., 0]
        # glass: at least faintly visible; woven holes: as baked (averaged over the texel)
        out[..., 3] = np.clip(a, 0.0, 1.0)
    # Written through an sRGB 8-bit image so the file's bytes are the values computed here.
    final = bpy.data.images.new(name + "_final", size, size, alpha=see_through)
    final.colorspace_settings.name = "sRGB"
    final.pixels.foreach_set(np.ascontiguousarray(out, dtype=np.float32).ravel())
    path = os.path.join(workdir, name + (".png" if see_through else ".jpg"))
    final.filepath_raw = path
    final.file_format = "PNG" if see_through else "JPEG"
    scene = bpy.context.scene
    scene.render.image_settings.quality = JPEG_QUALITY
    if see_through:
        scene.render.image_settings.file_format = "PNG"
        scene.render.image_settings.color_mode = "RGBA"
        scene.render.image_settings.compression = 100
        final.save_render(path, scene=scene)
    else:
        scene.render.image_settings.file_format = "JPEG"
        scene.render.image_settings.color_mode = "RGB"
        final.save_render(path, scene=scene)
    bpy.data.images.remove(final)
    return path, t_color, t_ao


def baked_material(name, image_path, see_through):
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    nt = mat.node_tree
    p = nt.nodes["Principled BSDF"]
    # glTF's defaults (specular 0.5, IOR 1.5), so the exporter adds no material extensions.
    p.inputs["Roughness"].default_value = 0.7
    p.inputs["Specular"].default_value = 0.5
    p.inputs["IOR"].default_value = 1.5
    tex = nt.nodes.new("ShaderNodeTexImage")
    img = bpy.data.images.load(image_path)
    img.colorspace_settings.name = "sRGB"
    tex.image = img
    nt.links.new(tex.outputs["Color"], p.inputs["Base Color"])
    if see_through:
        nt.links.new(tex.outputs["Alpha"], p.inputs["Alpha"])
        mat.blend_method = "BLEND"
    return mat


def assign(parts, mat):
    for o in parts:
        o.data.materials.clear()
        o.data.materials.append(mat)
        for poly in o.data.polygons:
            poly.material_index = 0


# ----------------------------------------------------------------------------
# One piece
# ----------------------------------------------------------------------------

def export_job(job, opts):
    print("STAGECRAFT start %s" % job["id"], flush=True)
    t0 = time.time()
    scene = reset_scene()
    scene.render.engine = "CYCLES"
    scene.cycles.device = "CPU"
    scene.cycles.use_denoising = False
    world = bpy.data.worlds.new("Bake")
    scene.world = world
    world.light_settings.distance = AO_DISTANCE
    M = Materials()
    pieces.build(job["type"], job["params"], M)
    bpy.context.view_layer.update()
    parts = realize_parts()
    tris = decimate(parts)
    object_coords_as_attribute(parts)
    see = [o for o in parts if any(is_see_through(m) for m in o.data.materials)]
    solid = [o for o in parts if o not in see]
    groups = [([join(solid)], False)] + ([([join(see)], True)] if see else [])
    for group, _ in groups:
        unwrap(group)
    t_geom = time.time()

    # The floor occludes (contact darkening) but is never baked or exported.
    bpy.ops.mesh.primitive_plane_add(size=20.0, location=(0, 0, -0.0005))
    floor = bpy.context.active_object
    floor.name = "Floor"

    size = job.get("size") or (opts["big"] if job["type"] in BIG_TYPES else opts["size"])
    workdir = tempfile.mkdtemp(prefix="stagecraft_mesh_")
    t_color = t_ao = 0.0
    baked = []
    for gi, (group, see_through) in enumerate(groups):
        mats = []
        seen = set()
        for o in group:
            for m in o.data.materials:
                if m is not None and m.name not in seen:
                    seen.add(m.name)
                    mats.append(BakeMaterial(m))
        gsize = size if not see_through else max(256, size // 2)
        # A rug is a flat slab on the floor: nothing occludes it, so its AO bake (the slowest, at 768 px) is skipped.
        group_opts = dict(opts, **{"ao-samples": 0}) if job["type"] == "rug" else opts
        path, tc, ta = bake_group(group, mats, gsize, "%s_%d" % (job["id"], gi), see_through, group_opts, workdir)
        t_color += tc
        t_ao += ta
        baked.append((group, path, see_through))
    t_bake = time.time()

    for gi, (group, path, see_through) in enumerate(baked):
        assign(group, baked_material(("Baked" if not see_through else "BakedSeeThrough") + job["id"], path, see_through))
    bpy.data.objects.remove(floor)
    parts = [o for group, _, _ in baked for o in group]
    piece = join(parts)
    for o in list(bpy.context.scene.objects):
        if o != piece:
            bpy.data.objects.remove(o)

    # Origin: the centre of the footprint (the bounds of what is within 6 cm of the floor) on the floor.
    co = np.empty(len(piece.data.vertices) * 3, dtype=np.float32)
    piece.data.vertices.foreach_get("co", co)
    co = co.reshape(-1, 3)
    z0 = float(co[:, 2].min())
    low = co[co[:, 2] < z0 + 0.06]
    fx = float((low[:, 0].min() + low[:, 0].max()) / 2)
    fy = float((low[:, 1].min() + low[:, 1].max()) / 2)
    piece.data.transform(Matrix.Translation((-fx, -fy, -z0)))
    piece.data.update()
    co = co - np.array([fx, fy, z0], dtype=np.float32)

    if OBJCO in piece.data.attributes:
        piece.data.attributes.remove(piece.data.attributes[OBJCO])
    out = job["out"]
    os.makedirs(os.path.dirname(out), exist_ok=True)
    select_only([piece])
    bpy.ops.export_scene.gltf(
        filepath=out + ".glb", export_format="GLB", use_selection=True, export_yup=True, export_apply=True,
        export_texcoords=True, export_normals=True, export_tangents=False, export_colors=False,
        export_materials="EXPORT", export_image_format="AUTO", export_cameras=False, export_lights=False,
        export_animations=False, export_skins=False, export_morph=False, export_extras=False,
    )
    t_end = time.time()
    piece.data.calc_loop_triangles()
    # Size in glTF terms: width along X, depth along Z (Blender Y), height along Y (Blender Z).
    meta = {
        "id": job["id"], "type": job["type"], "theme": job["theme"],
        "sizeCm": {
            "width": round(float(co[:, 0].max() - co[:, 0].min()) * 100, 1),
            "depth": round(float(co[:, 1].max() - co[:, 1].min()) * 100, 1),
            "height": round(float(co[:, 2].max()) * 100, 1),
        },
        "triangles": len(piece.data.loop_triangles),
        "textureSize": size,
        "seeThrough": len(baked) > 1,
        "seconds": {"build": round(t_geom - t0, 1), "color": round(t_color, 1), "ao": round(t_ao, 1),
                    "total": round(t_end - t0, 1)},
    }
    with open(out + ".json", "w") as f:
        json.dump(meta, f, indent=2)
    print("STAGECRAFT mesh %s tris=%d tex=%d build=%.1fs color=%.1fs ao=%.1fs total=%.1fs"
          % (job["id"], meta["triangles"], size, t_geom - t0, t_color, t_ao, t_end - t0), flush=True)


def main():
    opts = parse_args()
    with open(opts["jobs"]) as f:
        jobs = json.load(f)
    for job in jobs:
        try:
            export_job(job, opts)
        except Exception as e:  # one broken piece must not stop the batch; the driver reports it
            import traceback
            traceback.print_exc()
            print("STAGECRAFT failed %s: %s" % (job["id"], e), flush=True)


if __name__ == "__main__":
    main()
