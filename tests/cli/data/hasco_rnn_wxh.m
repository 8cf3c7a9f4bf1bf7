Network hasco {
Layer rnn_Wxh {
Type: CONV
Dimensions { K: 100, Y: 1, C: 29, N: 1, X: 1, R: 1, S: 1 }
Dataflow {
TemporalMap(1,1) N;
TemporalMap(1,1) R;
TemporalMap(1,1) S;
TemporalMap(1,1) X;
TemporalMap(1,4) Y;
SpatialMap(4,4) K;
TemporalMap(16,16) C;
Cluster(16, P);
TemporalMap(4,4) Y;
TemporalMap(4,4) K;
SpatialMap(1,1) C;
}
}
}
