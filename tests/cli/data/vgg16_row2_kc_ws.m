Network golden {
  Layer vgg16_row2 {
    Type: CONV
    Stride { X: 1, Y: 1 }
    Dimensions { K: 128, C: 64, R: 3, S: 3, Y: 112, X: 112 }
    Dataflow {
      SpatialMap(1,1) K;
      TemporalMap(64,64) C;
      TemporalMap(Sz(R),Sz(R)) R;
      TemporalMap(Sz(S),Sz(S)) S;
      TemporalMap(Sz(R),1) Y;
      TemporalMap(Sz(S),1) X;
      Cluster(64, P);
      SpatialMap(1,1) C;
      TemporalMap(Sz(R),1) Y;
      TemporalMap(Sz(S),1) X;
      TemporalMap(Sz(R),Sz(R)) R;
      TemporalMap(Sz(S),Sz(S)) S;
    }
  }
}
