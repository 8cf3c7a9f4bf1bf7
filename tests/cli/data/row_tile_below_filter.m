Network degenerate {
Layer resnet18_1 {
Type: CONV
Stride { X: 1, Y: 1 }
Dimensions { K: 64, C: 64, R: 3, S: 3, Y: 56, X: 56 }
Dataflow {
SpatialMap(1,1) K;
TemporalMap(8,8) C;
TemporalMap(3,3) R;
TemporalMap(3,3) S;
TemporalMap(1,1) Y;
TemporalMap(3,1) X;
}
}
}
