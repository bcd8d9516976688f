/**
 * Serialises the small subset of ONNX's protobuf schema that a convolutional graph needs (nodes, float
 * initialisers, typed inputs and outputs). Written by hand rather than with protobufjs plus onnx.proto: the
 * subset is a few dozen lines of wire format, and neither a protobuf runtime nor the schema is installed.
 * Field numbers are those of onnx/onnx.proto (IR version 8).
 */

export interface OnnxAttribute {
  name: string;
  int?: number;
  ints?: number[];
  string?: string;
}

export interface OnnxNode {
  opType: string;
  inputs: string[];
  outputs: string[];
  attributes?: OnnxAttribute[];
}

export interface OnnxInitializer {
  name: string;
  dims: number[];
  data: Float32Array;
}

/** A float tensor's shape: a number is a fixed size, a string a named free dimension. */
export type OnnxShape = (number | string)[];

export interface OnnxGraph {
  name: string;
  nodes: OnnxNode[];
  initializers: OnnxInitializer[];
  inputs: { name: string; shape: OnnxShape }[];
  outputs: { name: string; shape: OnnxShape }[];
  opset: number;
}

const WIRE_VARINT = 0;
const WIRE_BYTES = 2;
const FLOAT = 1; // TensorProto.DataType.FLOAT
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_STRING = 3;
const ATTRIBUTE_INTS = 7;

/** Accumulates one protobuf message. */
class Message {
  private readonly parts: Uint8Array[] = [];

  private varint(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Unsupported varint ${value}`);
    const bytes: number[] = [];
    let rest = value;
    while (rest >= 0x80) {
      bytes.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    bytes.push(rest);
    this.parts.push(Uint8Array.from(bytes));
  }

  int(field: number, value: number): this {
    this.varint((field << 3) | WIRE_VARINT);
    this.varint(value);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.varint((field << 3) | WIRE_BYTES);
    this.varint(value.length);
    this.parts.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, value: Message): this {
    return this.bytes(field, value.toBytes());
  }

  toBytes(): Uint8Array {
    const out = new Uint8Array(this.parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of this.parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }
}

function attribute({ name, int, ints, string }: OnnxAttribute): Message {
  const message = new Message().string(1, name);
  if (int !== undefined) return message.int(3, int).int(20, ATTRIBUTE_INT);
  if (ints !== undefined) {
    for (const value of ints) message.int(8, value);
    return message.int(20, ATTRIBUTE_INTS);
  }
  if (string !== undefined) return message.string(4, string).int(20, ATTRIBUTE_STRING);
  throw new RangeError(`Attribute ${name} has no value`);
}

function node({ opType, inputs, outputs, attributes = [] }: OnnxNode, index: number): Message {
  const message = new Message();
  for (const input of inputs) message.string(1, input);
  for (const output of outputs) message.string(2, output);
  message.string(3, `${opType}_${index}`).string(4, opType);
  for (const attr of attributes) message.message(5, attribute(attr));
  return message;
}

function initializer({ name, dims, data }: OnnxInitializer): Message {
  const message = new Message();
  for (const dim of dims) message.int(1, dim);
  // raw_data is little-endian, which is what every platform Node runs on stores.
  return message
    .int(2, FLOAT)
    .string(8, name)
    .bytes(9, new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
}

function valueInfo(name: string, shape: OnnxShape): Message {
  const dims = new Message();
  for (const dim of shape) dims.message(1, typeof dim === 'number' ? new Message().int(1, dim) : new Message().string(2, dim));
  const tensorType = new Message().int(1, FLOAT).message(2, dims);
  return new Message().string(1, name).message(2, new Message().message(1, tensorType));
}

/** The ModelProto bytes of a graph, ready for `InferenceSession.create`. */
export function encodeOnnxModel(graph: OnnxGraph): Uint8Array {
  const body = new Message();
  graph.nodes.forEach((n, index) => body.message(1, node(n, index)));
  body.string(2, graph.name);
  for (const init of graph.initializers) body.message(5, initializer(init));
  for (const input of graph.inputs) body.message(11, valueInfo(input.name, input.shape));
  for (const output of graph.outputs) body.message(12, valueInfo(output.name, output.shape));
  return new Message()
    .int(1, 8) // ir_version
    .string(2, 'stagecraft')
    .message(7, body)
    .message(8, new Message().string(1, '').int(2, graph.opset))
    .toBytes();
}
